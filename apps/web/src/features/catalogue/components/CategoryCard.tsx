import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CategoryArtwork } from './CategoryArtwork.tsx';

type Props = {
  slug: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  to: string;
  action: string;
  badge?: string;
};

/** A whole-card link to an activity, sub-activity or course list. */
export const CategoryCard = ({ slug, name, description, imageUrl, to, action, badge }: Props) => (
  <li className="group flex">
    <Link
      to={to}
      className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-dark-100 transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
    >
      <div className="relative">
        <CategoryArtwork slug={slug} imageUrl={imageUrl} />
        {badge && (
          <span className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-dark-500 shadow-sm">
            {badge}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="font-heading text-2xl leading-tight text-dark-500">{name}</h2>
        {description && <p className="text-dark-400">{description}</p>}
        <span className="mt-auto inline-flex items-center gap-1.5 pt-3 font-semibold text-primary-600">
          {action}
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
        </span>
      </div>
    </Link>
  </li>
);
