import type { Language } from '../../lib/language.ts';

/**
 * Which 404s of the bookings site the server renders as the not-found page (spec §2 'Any other
 * path'; docs/performance.md "Public pages: pricing, not found, TBT"). Only those whose screen is
 * that page as soon as the app knows the page does not exist, by apps/web/src/app/router.tsx:
 * - a path no route takes: the catch-all `*` (five or more segments outside `/location/…`,
 *   `/courses/location/…` deeper than a course);
 * - one segment naming no venue: `/{venueSlug}` (VenueRedirect) finds no venue and shows it.
 * Every other 404 has a screen of its own that the browser still renders: `/location/{unknown}`
 * and the course pages say the venue or activity is not there, `/{venue}/{unknown}` shows spec
 * §2's toast and goes home. An address with a file name (favicon.ico, wp-login.php: what robots
 * probe) gets no render, as before: a missing file should cost no render time. Call it only for
 * a path the server answers 404.
 */
export const rendersNotFoundScreen = (pathname: string): boolean => {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.some((segment) => segment.includes('.'))) return false;
  const [first, second] = segments;
  if (first === 'location') return false;
  if (first === 'courses' && second === 'location' && segments.length >= 3) return segments.length > 5;
  return segments.length === 1 || segments.length > 4;
};

const STATIC_WORDS: Readonly<Record<Language, { title: string; heading: string; text: string; home: string }>> = {
  'en-GB': {
    title: 'Page not found',
    heading: "Whoops! Looks like you've gone offside.",
    text: "The page you're looking for doesn't exist. Return home to keep the ball rolling.",
    home: 'Go to the home page',
  },
  cy: {
    title: "Heb ddod o hyd i'r dudalen",
    heading: "Wps! Mae'n edrych fel eich bod chi'n camsefyll.",
    text: "Dydy'r dudalen rydych chi'n chwilio amdani ddim yn bodoli. Ewch yn ôl i'r hafan i gadw'r bêl i rolio.",
    home: "Mynd i'r hafan",
  },
};

/**
 * The 404 of an address no site serves (an unknown `/_/{source}` prefix, a path that does not
 * decode): no app to load, so a small page of its own in the chosen language (the `lang` cookie),
 * with the not-found screen's words (locales common.json `notFound`) and a link home.
 */
export const staticNotFoundPage = (language: Language) => {
  const w = STATIC_WORDS[language];
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1a1a1a}main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #c8c8d0;border-radius:8px}h1{font-size:1.4rem;margin-top:0}a{color:#2b1a4f;font-weight:600}a:focus-visible{outline:3px solid #1a1a1a;outline-offset:3px}</style></head>
<body><main><h1>${w.heading}</h1><p>${w.text}</p><p><a href="/">${w.home}</a></p></main></body>
</html>`;
};
