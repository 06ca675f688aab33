import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { useUpdateFooter, type ManageVenueDetails } from '../api/venues.ts';

/**
 * The venue's footer text (docs/operator-tools.md "Venues"): HTML the bookings site shows at the
 * foot of the venue's pages. The server keeps only what the footer's sanitiser allows and says so
 * when it removed anything; the field then shows what was stored.
 */
export const FooterTextForm = ({ venueSlug, venue }: { venueSlug: string; venue: ManageVenueDetails }) => {
  const { t } = useTranslation('manage');
  const update = useUpdateFooter(venueSlug);
  const [html, setHtml] = useState(venue.footerHtml);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    if (html.length > 20_000) {
      setError(t('venue.footerTooLong'));
      document.getElementById('venue-footer')?.focus();
      return;
    }
    setError('');
    update.mutate(
      { html },
      {
        onSuccess: (answer) => {
          setHtml(answer.data.footerHtml);
          setMessage(answer.message);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="text-xl font-bold">
        {t('venue.footerHeading')}
      </h2>
      <label htmlFor="venue-footer" className="block font-semibold">
        {t('venue.footer')}
      </label>
      <p id="venue-footer-hint" className="text-sm text-neutral-700">
        {t('venue.footerHint')}
      </p>
      {error && (
        <p id="venue-footer-error" className="text-sm font-semibold text-danger-700">
          {error}
        </p>
      )}
      <textarea
        id="venue-footer"
        value={html}
        onChange={(e) => setHtml(e.target.value)}
        rows={10}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'venue-footer-hint venue-footer-error' : 'venue-footer-hint'}
        className="block w-full min-w-0 rounded-md border border-neutral-500 p-3 font-mono text-sm"
      />
      {update.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {update.error.message}
        </p>
      )}
      <p role="status" className={message ? 'font-semibold text-green-900' : 'sr-only'}>
        {message}
      </p>
      <Button type="submit" size="lg" disabled={update.isPending}>
        {t('venue.saveFooter')}
      </Button>
    </form>
  );
};
