import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { openingHoursLines } from './opening-hours.ts';

const ctx = useTestApp();

const HOSTILE = [
  '<h2 onclick="alert(1)">Bury</h2>',
  '<script>alert("x")</script>',
  '<img src="https://example.com/a.png" onerror="alert(2)" alt="pool">',
  '<img src="http://example.com/b.png" alt="insecure">',
  '<a href="javascript:alert(3)">bad link</a>',
  '<a href="JaVaScRiPt:alert(4)">bad link 2</a>',
  '<a href="https://example.com/ok" target="_blank">good link</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name="card"></form>',
  '<p style="background:url(javascript:alert(5))">styled</p>',
  '<svg><script>alert(6)</script></svg>',
].join('');

describe('GET /api/activities/footer', () => {
  it("answers a venue's footer as HTML", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/activities/footer?venue=bury-leisure-centre' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<address>');
  });

  it('strips scripts, event handlers, javascript: URLs, frames, forms and styles from hostile HTML', async () => {
    await ctx.db.updateTable('venues').set({ footer_html: HOSTILE }).where('slug', '=', 'bury-leisure-centre').execute();
    const { body, statusCode } = await ctx.app.inject({ method: 'GET', url: '/api/activities/footer?venue=bury-leisure-centre' });
    expect(statusCode).toBe(200);
    expect(body).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|<style|<form|<input|style=|<svg/i);
    expect(body).toContain('<h2>Bury</h2>');
    expect(body).toContain('<a href="https://example.com/ok" target="_blank" rel="noopener noreferrer">good link</a>');
    expect(body).toContain('<img src="https://example.com/a.png" alt="pool" />');
    expect(body).not.toContain('http://example.com/b.png');
  });

  it('lists the weekly opening hours after the footer text, the same hours on consecutive days joined', async () => {
    const { body } = await ctx.app.inject({ method: 'GET', url: '/api/activities/footer?venue=bury-leisure-centre' });
    expect(body.indexOf('<h2>Bury</h2>')).toBeGreaterThan(-1);
    expect(body.indexOf('<h2>Bury</h2>')).toBeLessThan(body.indexOf('<h3>Opening hours</h3>'));
    expect(body).toContain('<li><strong>Monday to Friday:</strong> 06:30\u201322:00</li><li><strong>Saturday:</strong> 08:00\u201318:00</li>');
    const bury = await ctx.db.selectFrom('venues').select('id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('venue_opening_hours').where('venue_id', '=', bury.id).where('iso_day', 'in', [3, 7]).execute();
    const changed = (await ctx.app.inject({ method: 'GET', url: '/api/activities/footer?venue=bury-leisure-centre' })).body;
    expect(changed).toContain('<li><strong>Monday and Tuesday:</strong> 06:30\u201322:00</li><li><strong>Wednesday:</strong> Closed</li>');
    expect(changed).toContain('<li><strong>Sunday:</strong> Closed</li>');
    // In Welsh (the lang cookie): the heading, the days (mutated after 'i') and 'Ar gau'.
    const welsh = (await ctx.app.inject({ method: 'GET', url: '/api/activities/footer?venue=bury-leisure-centre', cookies: { lang: 'cy' } })).body;
    expect(welsh).toContain('<h3>Oriau agor</h3>');
    expect(welsh).toContain('<li><strong>Dydd Llun a dydd Mawrth:</strong> 06:30\u201322:00</li><li><strong>Dydd Mercher:</strong> Ar gau</li>');
    expect(welsh).toContain('<li><strong>Dydd Iau a dydd Gwener:</strong> 06:30\u201322:00</li>');
    const week = [1, 2, 3, 4, 5].map((iso_day) => ({ iso_day, opens: '06:30:00', closes: '22:00:00' }));
    expect(openingHoursLines(week, 'cy')).toEqual([['Dydd Llun i ddydd Gwener', '06:30\u201322:00'], ['Dydd Sadwrn a dydd Sul', 'Ar gau']]);
    expect(welsh).not.toMatch(/Opening hours|Closed|Monday/);
  });

  it('answers an empty body for a venue without a footer or opening hours', async () => {
    await ctx.db.updateTable('venues').set({ footer_html: null }).where('slug', '=', 'bury-leisure-centre').execute();
    const bury = await ctx.db.selectFrom('venues').select('id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('venue_opening_hours').where('venue_id', '=', bury.id).execute();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/activities/footer?venue=bury-leisure-centre' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('answers 404 for an unknown venue and 422 without a valid venue', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/activities/footer?venue=nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "We couldn't find that venue.", code: 'venue_not_found' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/activities/footer' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ message: 'The given data was invalid.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/activities/footer?venue=..%2Fetc' })).statusCode).toBe(422);
  });
});
