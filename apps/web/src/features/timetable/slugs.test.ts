import { describe, expect, it } from 'vitest';
import { parseDateSlug } from './slugs.ts';

describe('parseDateSlug', () => {
  it('reads a calendar day', () => {
    // fixed-date: slugs that are only parsed
    expect(parseDateSlug('2026-11-23')?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
  // fixed-date: impossible dates, only parsed
  it.each(['2026-02-30', '2026-13-01', 'tomorrow', '23-11-2026'])('rejects %s', (slug) => {
    expect(parseDateSlug(slug)).toBeNull();
  });
});
