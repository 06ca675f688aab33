/**
 * What the kiosk's camera read, as the check-in token the server takes (docs/kiosk.md "Identify"):
 * the booking QR carries the check-in link `{publicUrl}/check-in/c1.{uuid}.{sig}` (the email's
 * link too), and the bare token `c1.{uuid}.{sig}` is accepted as well. Anything else (a web
 * address of another site, a payment QR, a URL with the token in its query) is not a booking
 * code: null, and the kiosk says 'This QR code is not valid.' without asking the server.
 */
const TOKEN = /^c1\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{22}$/;

export const checkInTokenOf = (scanned: string): string | null => {
  const text = scanned.trim();
  if (TOKEN.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = /^(?:\/_\/[a-z-]+)?\/check-in\/([^/]+)\/?$/.exec(url.pathname);
  const token = match ? decodeURIComponent(match[1]!) : '';
  return TOKEN.test(token) ? token : null;
};
