import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { Till } from '../api/foh.ts';

/** The operator's venues that have a till, each once ([slug, name]), from the tills list. */
export const venuesOfTills = (tills: readonly Till[]): [string, string][] => [...new Map(tills.map((till) => [till.venue.slug, till.venue.name])).entries()];

/** 'Venue': a labelled choice of `venues` (opening a till, the kiosk takings). */
export const VenueSelect = ({ id, venues, value, onChange, className = '' }: { id: string; venues: readonly [string, string][]; value: string; onChange: (slug: string) => void; className?: string }) => {
  const { t } = useTranslation('foh');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {t('open.venue')}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={`mt-1 h-11 rounded-md border border-neutral-500 px-3 ${className}`}>
        {venues.map(([slug, name]) => (
          <option key={slug} value={slug}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
};
