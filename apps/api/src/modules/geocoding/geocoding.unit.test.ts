import { describe, expect, it, vi } from 'vitest';
import { createMapboxProvider } from './mapbox-provider.ts';
import { createOfflineProvider, normalisePlaceName, searchPlaces, toIndexedPlaces } from './offline-provider.ts';
import { withCache, withFallback, type GeocodingProvider } from './provider.ts';

const city = (name: string, population: number, lat: number, lng: number, country = 'GB', adminCode = 'ENG') => ({
  name,
  altName: '',
  country,
  adminCode,
  population,
  loc: { coordinates: [lng, lat] as [number, number] },
});

const CITIES = [
  city('Bury', 61044, 53.6, -2.3),
  city('Bury St Edmunds', 40000, 52.24, 0.71),
  city('Burry Port', 4000, 51.68, -4.25, 'GB', 'WLS'),
  city('Bury', 500, 49.0, 2.3, 'FR', '32'),
  city('St. Helens', 100000, 53.45, -2.73),
];

describe('offline place search', () => {
  const places = toIndexedPlaces(CITIES);

  it('keeps only Great Britain', () => {
    expect(places.map((p) => p.label)).not.toContain('Bury, 32');
    expect(places).toHaveLength(4);
  });

  it('puts the exact name first, then names starting with the query', () => {
    expect(searchPlaces(places, 'bury', 5).map((p) => p.label)).toEqual(['Bury, England', 'Bury St Edmunds, England']);
  });

  it('ignores punctuation, "saint" and a trailing country', () => {
    expect(normalisePlaceName('St. Helens')).toBe('st helens');
    expect(searchPlaces(places, 'Saint Helens', 5)[0]?.name).toBe('St. Helens');
    expect(searchPlaces(places, 'Bury, England', 5)[0]?.name).toBe('Bury');
  });

  it('loads the place list once, on first use', async () => {
    const load = vi.fn(async () => CITIES);
    const provider = createOfflineProvider(load);
    expect(load).not.toHaveBeenCalled();
    await provider.search('Bury', 1);
    await provider.search('Wales', 1);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('Mapbox provider', () => {
  it('asks for places in country gb with the token and maps the features', async () => {
    const fetch = vi.fn(async (_url: URL | string) =>
      Response.json({
        features: [
          { text: 'Bury', place_name: 'Bury, Greater Manchester, England', center: [-2.297, 53.593] },
          { text: 'broken' },
        ],
      }),
    );
    const provider = createMapboxProvider({ token: 'pk.test', fetch: fetch as unknown as typeof globalThis.fetch, baseUrl: 'http://geo.test' });
    const places = await provider.search('Bury', 5);
    expect(places).toEqual([{ name: 'Bury', label: 'Bury, Greater Manchester, England', lat: 53.593, lng: -2.297 }]);
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.pathname).toBe('/geocoding/v5/mapbox.places/Bury.json');
    expect(url.searchParams.get('country')).toBe('gb');
    expect(url.searchParams.get('access_token')).toBe('pk.test');
    expect(url.searchParams.get('limit')).toBe('5');
  });

  it('throws on an error status so the fallback can answer', async () => {
    const provider = createMapboxProvider({ token: 't', fetch: (async () => new Response('', { status: 401 })) as typeof fetch });
    await expect(provider.search('Bury', 5)).rejects.toThrow('401');
  });
});

describe('withFallback', () => {
  it('answers from the fallback when the primary provider fails, and reports the error', async () => {
    const failing: GeocodingProvider = { name: 'mapbox', search: async () => { throw new Error('offline'); } };
    const backup: GeocodingProvider = { name: 'offline', search: async () => [{ name: 'Bury', label: 'Bury, England', lat: 53.6, lng: -2.3 }] };
    const onError = vi.fn();
    const places = await withFallback(failing, backup, onError).search('Bury', 5);
    expect(places[0]?.name).toBe('Bury');
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('withCache', () => {
  it('asks the provider once per query and limit, ignoring case and spaces', async () => {
    const search = vi.fn(async (query: string) => [{ name: query, label: query, lat: 0, lng: 0 }]);
    const provider = withCache({ name: 'mapbox', search });
    await provider.search('Bury', 5);
    await provider.search(' bury ', 5);
    await provider.search('Bury', 3);
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('forgets failures and the least recently used answers', async () => {
    let fail = true;
    const search = vi.fn(async (query: string) => {
      if (fail) throw new Error('down');
      return [{ name: query, label: query, lat: 0, lng: 0 }];
    });
    const provider = withCache({ name: 'mapbox', search }, 2);
    await expect(provider.search('Bury', 5)).rejects.toThrow('down');
    fail = false;
    await provider.search('Bury', 5);
    await provider.search('Rochdale', 5);
    await provider.search('Bolton', 5);
    await provider.search('Bury', 5);
    expect(search).toHaveBeenCalledTimes(5);
  });
});
