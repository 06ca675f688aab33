import { describe, expect, it } from 'vitest';
import { capitaliseSlug } from './activity-slug.ts';

describe('capitaliseSlug (spec §2: the capitalised activity slug)', () => {
  it.each([
    ['five-a-side', 'Five-a-side'],
    ['fitness-classes', 'Fitness-classes'],
    ['yoga', 'Yoga'],
    ['swimming_lessons', 'Swimming_lessons'],
    ['5-a-side', '5-a-side'],
    ['', ''],
  ])('%j → %j', (slug, label) => expect(capitaliseSlug(slug)).toBe(label));
});
