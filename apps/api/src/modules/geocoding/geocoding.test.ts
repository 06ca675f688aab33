import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

const ctx = useTestApp();

type Place = { name: string; label: string; lat: number; lng: number };

const geocode = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/activities/geocode?${query}` });
  return { response, places: response.statusCode === 200 ? response.json<{ data: Place[] }>().data : [] };
};

describe('GET /api/activities/geocode (offline place list, no network)', () => {
  it.each([
    ['Bury', 53.6, -2.3],
    ['Rochdale', 53.62, -2.16],
    ['Manchester', 53.48, -2.24],
    ['radcliffe', 53.56, -2.32],
    ['Edenfield', 53.67, -2.3],
  ])('finds %s in Great Britain first', async (name, lat, lng) => {
    const { response, places } = await geocode(`query=${encodeURIComponent(name)}`);
    expect(response.statusCode).toBe(200);
    const [first] = places;
    expect(first?.name.toLowerCase()).toBe(name.toLowerCase());
    expect(first?.label).toBe(`${first?.name}, England`);
    expect(first?.lat).toBeCloseTo(lat, 1);
    expect(first?.lng).toBeCloseTo(lng, 1);
  });

  it('only answers places in Great Britain (spec §9: geocoding limited to country gb)', async () => {
    const { places } = await geocode('query=Paris');
    expect(places.every((p) => p.lat > 49 && p.lat < 61 && p.lng > -9 && p.lng < 2)).toBe(true);
  });

  it('offers prefix matches while typing, larger places first, at most `limit`', async () => {
    const { places } = await geocode('query=Roch&limit=3');
    expect(places.length).toBeLessThanOrEqual(3);
    expect(places[0]?.name).toBe('Rochdale');
  });

  it('answers an empty list for a place it does not know', async () => {
    const { response, places } = await geocode('query=Zzyzxqwv');
    expect(response.statusCode).toBe(200);
    expect(places).toEqual([]);
  });

  it.each(['', 'query=', 'query=a', `query=${'x'.repeat(101)}`, 'query=Bury&limit=0', 'query=Bury&limit=11', 'query=Bury&limit=ten'])(
    'answers 422 for %j',
    async (query) => {
      const { response } = await geocode(query);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ message: string }>().message).toBe('The given data was invalid.');
    },
  );
});
