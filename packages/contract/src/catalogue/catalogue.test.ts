import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZListCategoriesParams } from './list-categories.ts';
import { ZGetCategoryParams } from './get-category.ts';
import { ZListCoursesParams, ZListCoursesQuery } from './list-courses.ts';
import { ZGetCourseParams } from './get-course.ts';

const BAD_SLUGS = [
  ['capitals', 'Swimming'],
  ['a space', 'swim lessons'],
  ['an underscore', 'swim_lessons'],
  ['a path', '../etc'],
  ['nothing', ''],
  ['over 100 characters', 's'.repeat(101)],
  ['markup', '<script>'],
] as const;

describe('ZListCategoriesParams', () => {
  it('accepts a venue slug', () => {
    expect(issuePaths(ZListCategoriesParams, { venue: 'bury-leisure-centre' })).toBeNull();
  });
  it.each(BAD_SLUGS)('rejects a venue with %s', (_case, venue) => {
    expect(issuePaths(ZListCategoriesParams, { venue })).toContain('venue');
  });
});

describe('ZGetCategoryParams', () => {
  it('accepts a venue and an activity slug', () => {
    expect(issuePaths(ZGetCategoryParams, { venue: 'bury-leisure-centre', activitySlug: 'swimming' })).toBeNull();
  });
  it.each(BAD_SLUGS)('rejects an activity slug with %s', (_case, activitySlug) => {
    expect(issuePaths(ZGetCategoryParams, { venue: 'bury-leisure-centre', activitySlug })).toContain('activitySlug');
  });
  it('rejects a missing activity slug', () => {
    expect(issuePaths(ZGetCategoryParams, { venue: 'bury-leisure-centre' })).toContain('activitySlug');
  });
});

describe('ZListCoursesParams and ZListCoursesQuery', () => {
  it('accepts a venue, with or without a category', () => {
    expect(issuePaths(ZListCoursesParams, { venue: 'bury-leisure-centre' })).toBeNull();
    expect(issuePaths(ZListCoursesQuery, {})).toBeNull();
    expect(issuePaths(ZListCoursesQuery, { category: 'swimming-lessons' })).toBeNull();
  });
  it.each(BAD_SLUGS)('rejects a category with %s', (_case, category) => {
    expect(issuePaths(ZListCoursesQuery, { category })).toContain('category');
  });
  it.each(BAD_SLUGS)('rejects a venue with %s', (_case, venue) => {
    expect(issuePaths(ZListCoursesParams, { venue })).toContain('venue');
  });
});

describe('ZGetCourseParams', () => {
  const valid = { venue: 'bury-leisure-centre', categorySlug: 'swimming-lessons', courseSlug: 'stage-1' };
  it('accepts three slugs', () => {
    expect(issuePaths(ZGetCourseParams, valid)).toBeNull();
  });
  it.each([
    ['a bad category slug', { ...valid, categorySlug: 'Swim' }, 'categorySlug'],
    ['a bad course slug', { ...valid, courseSlug: 'stage 1' }, 'courseSlug'],
    ['an oversize course slug', { ...valid, courseSlug: 'c'.repeat(101) }, 'courseSlug'],
    ['a missing venue', { categorySlug: valid.categorySlug, courseSlug: valid.courseSlug }, 'venue'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZGetCourseParams, input)).toContain(path);
  });
});
