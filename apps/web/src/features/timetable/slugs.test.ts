import { describe, expect, it } from 'vitest';
import { capitaliseSlug, parseDateSlug } from './slugs.ts';

describe('capitaliseSlug (spec §2 breadcrumb label)', () => {
  it.each([
    ['swimming', 'Swimming'],
    ['five-a-side', 'Five a side'],
    ['badminton_courts', 'Badminton courts'],
  ])('%s → %s', (slug, label) => {
    expect(capitaliseSlug(slug)).toBe(label);
  });
});

describe('parseDateSlug', () => {
  it('reads a calendar day', () => {
    expect(parseDateSlug('2026-11-23')?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
  it.each(['2026-02-30', '2026-13-01', 'tomorrow', '23-11-2026'])('rejects %s', (slug) => {
    expect(parseDateSlug(slug)).toBeNull();
  });
});
