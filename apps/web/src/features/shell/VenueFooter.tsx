import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { api } from '../../lib/api/client.ts';
import { footerKeys } from '../../lib/query-keys/footer.ts';

/**
 * The venue's footer block (spec §2, GET /api/activities/footer?venue=). The server
 * sanitises it; DOMPurify sanitises again here so a misconfigured backend still cannot run
 * script in the page. Its own chunk, so DOMPurify stays out of the entry bundle.
 *
 * The page carries the block (apps/api/src/modules/spa/page-data.ts), so the server renders it
 * and the footer does not grow at hydration (issue 28). The server render has no DOM for
 * DOMPurify: it renders its own footer's answer, which it sanitised (footer/service.ts).
 */
const VenueFooter = ({ venue }: { venue: string }) => {
  const { data } = useQuery({
    queryKey: footerKeys.forVenue(venue),
    queryFn: ({ signal }) => api.get<string>('footer', { base: 'activitiesBase', query: { venue }, responseType: 'text', signal }),
    initialData: () => api.peek<string>('footer', { base: 'activitiesBase', query: { venue }, responseType: 'text' }),
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!data) return null;
  const html = DOMPurify.isSupported ? DOMPurify.sanitize(data, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] }) : data;
  return <div data-testid="venue-footer" className="venue-footer" dangerouslySetInnerHTML={{ __html: html }} />;
};

export default VenueFooter;
