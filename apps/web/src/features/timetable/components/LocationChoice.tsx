import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { announce } from '../../../lib/a11y/announcer.tsx';
import { locationsOf, type Entry } from '../rules.ts';
import { useChosenLocation, useTimetableStore } from '../store.ts';

/**
 * Spec §3 "the timetable also holds a selected location": which court (location) the slots of
 * one activity show, kept across dates and sent as `location_id` (spec §7); "All locations" is
 * none. The choices are the day's locations (and the chosen one). A native select named by its label.
 */
export const LocationChoice = ({ scope, entries }: { scope: string; entries: readonly Entry[] }) => {
  const { t } = useTranslation('timetable');
  const id = useId();
  const chosen = useChosenLocation(scope);
  const chooseLocation = useTimetableStore((state) => state.chooseLocation);
  const locations = locationsOf(entries, chosen);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm font-semibold text-dark-500">
        {t('location.label')}
      </label>
      <select
        id={id}
        data-testid="location-choice"
        className="h-11 min-w-48 rounded-md border border-dark-300 bg-white px-3 text-base text-dark-500"
        value={chosen === null ? '' : String(chosen.id)}
        onChange={(event) => {
          const next = locations.find((place) => String(place.id) === event.target.value) ?? null;
          chooseLocation(next ? { scope, ...next } : null);
          announce(next ? t('location.changed', { name: next.name }) : t('location.changedAll'));
        }}
      >
        <option value="">{t('location.all')}</option>
        {locations.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name}
          </option>
        ))}
      </select>
    </div>
  );
};
