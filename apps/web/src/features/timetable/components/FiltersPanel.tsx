import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { ACTION_STATUSES, minutesToClock, type ActionStatus, type Filters } from '../rules.ts';

type Named = { id: number; name: string };
type Props = {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onReset: () => void;
  instructors: readonly Named[];
  tags: readonly Named[];
  /** The Show choices: a visitor has no waitlist place, basket or booking to filter by (issue 21). */
  statuses?: readonly ActionStatus[];
};

/** Hourly choices; 'Until' also offers the end of the day (1440 shows as 23:59, spec §5 cap). */
const FROM_CHOICES = Array.from({ length: 18 }, (_, i) => (i + 6) * 60);
const TO_CHOICES = [...Array.from({ length: 17 }, (_, i) => (i + 7) * 60), 1440];

const selectClass = 'mt-1 block h-10 w-full rounded-md border border-dark-300 bg-white px-2 text-dark-500';
const checkClass = 'size-6 shrink-0 rounded border-dark-300 accent-primary-500';

const Group = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <fieldset className="border-t border-dark-100 pt-4">
    <legend className="float-left mb-2 w-full text-sm font-semibold text-dark-500">{legend}</legend>
    <div className="clear-left space-y-1">{children}</div>
  </fieldset>
);

const Check = ({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) => (
  <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm text-dark-500">
    <input type="checkbox" className={checkClass} checked={checked} onChange={(event) => onChange(event.target.checked)} />
    {label}
  </label>
);

const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/** Spec §3/§5 timetable filters: time window, actions mode and statuses, instructors, tags. */
export const FiltersPanel = ({ filters, onChange, onReset, instructors, tags, statuses = ACTION_STATUSES }: Props) => {
  const { t } = useTranslation('timetable');
  const id = useId();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-from`} className="text-sm font-semibold text-dark-500">
            {t('filters.from')}
          </label>
          <select
            id={`${id}-from`}
            className={selectClass}
            value={filters.startTime ?? ''}
            onChange={(event) => set({ startTime: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{t('filters.anyTime')}</option>
            {FROM_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutesToClock(minutes)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="text-sm font-semibold text-dark-500">
            {t('filters.to')}
          </label>
          <select
            id={`${id}-to`}
            className={selectClass}
            value={filters.endTime ?? ''}
            onChange={(event) => set({ endTime: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{t('filters.anyTime')}</option>
            {TO_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutesToClock(minutes)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Group legend={t('filters.actions')}>
        <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm text-dark-500">
          <input
            type="radio"
            name={`${id}-mode`}
            className="size-6 accent-primary-500"
            checked={filters.actionsMode === 'all'}
            onChange={() => set({ actionsMode: 'all' })}
          />
          {t('filters.allActions')}
        </label>
        <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm text-dark-500">
          <input
            type="radio"
            name={`${id}-mode`}
            className="size-6 accent-primary-500"
            checked={filters.actionsMode === 'selected'}
            onChange={() => set({ actionsMode: 'selected', statuses: filters.statuses.length > 0 ? filters.statuses : [...ACTION_STATUSES] })}
          />
          {t('filters.selectedActions')}
        </label>
        {filters.actionsMode === 'selected' && (
          <div className="ml-7 space-y-1">
            {statuses.map((status: ActionStatus) => (
              <Check
                key={status}
                label={t(`filters.status.${status}`)}
                checked={filters.statuses.includes(status)}
                onChange={(on) => set({ statuses: toggle(filters.statuses, status, on) })}
              />
            ))}
          </div>
        )}
      </Group>
      {instructors.length > 0 && (
        <Group legend={t('filters.instructors')}>
          {instructors.map((person) => (
            <Check
              key={person.id}
              label={person.name}
              checked={filters.instructors.includes(person.id)}
              onChange={(on) => set({ instructors: toggle(filters.instructors, person.id, on) })}
            />
          ))}
        </Group>
      )}
      {tags.length > 0 && (
        <Group legend={t('filters.tags')}>
          {tags.map((tag) => (
            <Check key={tag.id} label={tag.name} checked={filters.tags.includes(tag.id)} onChange={(on) => set({ tags: toggle(filters.tags, tag.id, on) })} />
          ))}
        </Group>
      )}
      <Button variant="text" className="px-0" onClick={onReset}>
        {t('filters.reset')}
      </Button>
    </div>
  );
};
