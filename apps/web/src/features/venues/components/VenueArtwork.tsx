import { Building2 } from 'lucide-react';

/** Two-stop gradients that read well behind white text, picked per venue so cards differ. */
const GRADIENTS = [
  'from-primary-600 via-primary-500 to-secondary-500',
  'from-secondary-600 via-secondary-500 to-sky-400',
  'from-dark-500 via-primary-600 to-fuchsia-500',
  'from-teal-700 via-teal-500 to-emerald-400',
  'from-dark-600 via-secondary-600 to-secondary-400',
  'from-sky-700 via-sky-500 to-cyan-400',
  'from-rose-600 via-pink-500 to-orange-400',
] as const;

const hash = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/** The venue's photo when it has one; otherwise a branded gradient with its town. */
export const VenueArtwork = ({ slug, town, imageUrl }: { slug: string; town: string; imageUrl: string | null }) => {
  if (imageUrl) {
    return <img src={imageUrl} alt="" loading="lazy" className="h-20 w-full object-cover sm:h-28" />;
  }
  return (
    <div
      aria-hidden="true"
      className={`relative flex h-20 items-end overflow-hidden sm:h-28 bg-gradient-to-br p-4 ${GRADIENTS[hash(slug) % GRADIENTS.length]}`}
    >
      <span className="absolute -top-6 -right-6 size-28 rounded-full bg-white/10" />
      <span className="absolute top-8 right-10 size-12 rounded-full bg-white/10" />
      <Building2 className="absolute right-4 bottom-4 size-10 text-white/35" strokeWidth={1.5} />
      <span className="font-heading text-xl tracking-wide text-white uppercase drop-shadow-sm">{town}</span>
    </div>
  );
};
