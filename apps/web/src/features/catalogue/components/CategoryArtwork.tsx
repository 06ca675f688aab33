import {
  Activity,
  Bike,
  Dumbbell,
  Flame,
  Flower2,
  Goal,
  GraduationCap,
  HeartPulse,
  Medal,
  PersonStanding,
  Trophy,
  Volleyball,
  Waves,
  Zap,
  type LucideIcon,
} from 'lucide-react';

type Art = { icon: LucideIcon; gradient: string };

const POOL = 'from-sky-600 via-cyan-500 to-teal-400';
const STUDIO = 'from-primary-600 via-fuchsia-500 to-rose-400';
const COURT = 'from-emerald-700 via-emerald-500 to-lime-400';
const PITCH = 'from-green-800 via-green-600 to-emerald-400';
const GYM = 'from-dark-500 via-slate-700 to-primary-500';
const LEARN = 'from-secondary-600 via-secondary-500 to-sky-400';

/** Artwork per category slug (the demo data carries no photos): an icon on a gradient. */
const ART: Record<string, Art> = {
  'fitness-classes': { icon: Flame, gradient: STUDIO },
  yoga: { icon: Flower2, gradient: 'from-violet-600 via-purple-500 to-pink-400' },
  spin: { icon: Bike, gradient: 'from-rose-600 via-orange-500 to-amber-400' },
  hiit: { icon: Zap, gradient: 'from-orange-600 via-red-500 to-pink-500' },
  pilates: { icon: PersonStanding, gradient: 'from-fuchsia-600 via-pink-500 to-rose-300' },
  'aqua-aerobics': { icon: Waves, gradient: 'from-cyan-600 via-sky-500 to-indigo-400' },
  'racket-sports': { icon: Trophy, gradient: COURT },
  badminton: { icon: Activity, gradient: 'from-teal-700 via-teal-500 to-lime-400' },
  squash: { icon: Activity, gradient: 'from-emerald-700 via-teal-500 to-cyan-400' },
  tennis: { icon: Medal, gradient: 'from-lime-600 via-green-500 to-emerald-500' },
  'table-tennis': { icon: Activity, gradient: 'from-blue-700 via-sky-500 to-emerald-400' },
  'pitches-and-halls': { icon: Goal, gradient: PITCH },
  '5-a-side-football': { icon: Goal, gradient: PITCH },
  'sports-hall-hire': { icon: Volleyball, gradient: 'from-amber-600 via-orange-500 to-yellow-400' },
  swimming: { icon: Waves, gradient: POOL },
  'lane-swimming': { icon: Waves, gradient: 'from-blue-700 via-sky-500 to-cyan-400' },
  'family-swim': { icon: Waves, gradient: 'from-sky-500 via-cyan-400 to-teal-300' },
  'public-swim': { icon: Waves, gradient: POOL },
  gym: { icon: Dumbbell, gradient: GYM },
  'gym-session': { icon: Dumbbell, gradient: GYM },
  courses: { icon: GraduationCap, gradient: LEARN },
  'swimming-lessons': { icon: Waves, gradient: LEARN },
  'adult-swimming-lessons': { icon: Waves, gradient: 'from-indigo-700 via-blue-500 to-cyan-400' },
  'junior-tennis': { icon: Medal, gradient: 'from-lime-600 via-emerald-500 to-teal-400' },
  'adult-tennis': { icon: Medal, gradient: COURT },
  'fitness-courses': { icon: HeartPulse, gradient: STUDIO },
};

const FALLBACK: Art = { icon: Activity, gradient: 'from-primary-600 via-primary-500 to-secondary-500' };

export const artFor = (slug: string): Art => ART[slug] ?? FALLBACK;

type Props = { slug: string; imageUrl?: string | null; className?: string; iconClassName?: string };

/** The category's photo when it has one, else its illustrated gradient. Decorative. */
export const CategoryArtwork = ({ slug, imageUrl, className = 'h-36', iconClassName = 'size-16' }: Props) => {
  if (imageUrl) return <img src={imageUrl} alt="" loading="lazy" className={`w-full object-cover ${className}`} />;
  const { icon: Icon, gradient } = artFor(slug);
  return (
    <div aria-hidden="true" className={`relative overflow-hidden bg-gradient-to-br ${gradient} ${className}`}>
      <span className="absolute -top-10 -left-10 size-40 rounded-full bg-white/10" />
      <span className="absolute -right-8 -bottom-12 size-44 rounded-full bg-black/10" />
      <Icon className={`absolute right-5 bottom-4 text-white/80 drop-shadow ${iconClassName}`} strokeWidth={1.5} />
    </div>
  );
};
