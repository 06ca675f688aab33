import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { shapeMismatches } from './shape.ts';

/** Wire notes, "What public clients read": `GET activities/venues`. */
const ctx = useTestApp();

describe('wire: GET /api/activities/venues', () => {
  it('answers data[] with slug, name and town for every venue', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/activities/venues' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { slug: string; town: string }[] }>();
    expect(shapeMismatches(body, { data: [{ slug: 'string', name: 'string', town: 'string' }] })).toEqual([]);
    expect(body.data.find((venue) => venue.slug === 'bury-leisure-centre')?.town).toBe('Bury');
  });
});
