import { useId } from 'react';
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

/**
 * A card for an activity, sub-activity or course list; the whole card is a link target. The
 * link itself is the title (its visible text is its whole name, WCAG 2.5.3 Label in Name), and
 * its box is stretched over the card, so a press anywhere on the card follows it; the rest of
 * the card is its description (not one long name).
 */
export const CategoryCard = ({ slug, name, description, imageUrl, to, action, badge }: Props) => {
  const id = useId();
  return (
    <li className="group relative flex">
      <div className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-dark-100 transition group-hover:-translate-y-0.5 group-hover:shadow-lg">
        <div className="relative">
          <CategoryArtwork slug={slug} imageUrl={imageUrl} />
          {badge && (
            <span id={`${id}-badge`} className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-dark-500 shadow-sm">
              {badge}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-5">
          <h2 className="font-heading text-2xl leading-tight text-dark-500">
            <Link to={to} aria-describedby={badge ? `${id}-badge ${id}-more` : `${id}-more`} className="after:absolute after:inset-0 after:rounded-2xl">
              {name}
            </Link>
          </h2>
          {description && <p id={`${id}-more`} className="text-dark-400">{description}</p>}
          <span id={description ? undefined : `${id}-more`} className="mt-auto inline-flex items-center gap-1.5 pt-3 font-semibold text-primary-600">
            {action}
            <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
          </span>
        </div>
      </div>
    </li>
  );
};
