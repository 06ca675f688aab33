import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useCustomerSearch, type CustomerMatch } from '../api/foh.ts';

/** How long typing must pause before the lookup is asked (the server answers in well under 300 ms). */
export const SEARCH_DEBOUNCE_MS = 200;

const useDebounced = (value: string, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};

/**
 * Customer lookup (issue 24, `data-testid="customer-search"`): by name, email, phone, membership
 * number or reference, results as you type. The ARIA 1.2 combobox with a listbox: arrow keys move
 * through the results, Enter opens one, Escape closes the list; the count is announced politely.
 */
export const CustomerSearch = () => {
  const { t } = useTranslation('foh');
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(q);
  const results = q.length >= 2 ? (search.data ?? []) : [];
  const expanded = open && q.length >= 2 && results.length > 0;

  const choose = (match: CustomerMatch) => void navigate(`/till/customers/${match.accountUserId}`);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (results.length ? (i + 1) % results.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (results.length ? (i <= 0 ? results.length - 1 : i - 1) : -1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const status =
    q.length < 2 ? t('search.hint') : search.isFetching && !search.data ? t('search.searching') : search.error ? search.error.message : t('search.count', { count: results.length });

  return (
    <div className="relative max-w-2xl">
      <label htmlFor={`${id}-input`} className="block text-sm font-semibold">
        {t('search.label')}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-describedby={`${id}-status`}
        data-testid="customer-search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        className="mt-1 h-12 w-full rounded-md border border-neutral-500 px-3 text-lg"
      />
      <p id={`${id}-status`} role="status" className="mt-1 text-sm text-neutral-700">
        {status}
      </p>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t('search.results')}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-96 w-full overflow-auto rounded-md border border-neutral-400 bg-white shadow-lg"
      >
        {results.map((match, index) => (
          <li
            key={`${match.accountUserId}-${match.membershipUserId}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            data-testid="customer-result"
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(match);
            }}
            className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-primary-100' : 'hover:bg-neutral-100'}`}
          >
            <span className="block font-semibold">{match.name}</span>
            <span className="block text-sm text-neutral-800">
              {match.relationship === 'self' ? match.email : t('search.familyOf', { holder: match.accountHolder })} · {match.reference}
              {match.membershipNumber ? ` · ${match.membershipNumber}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
};
