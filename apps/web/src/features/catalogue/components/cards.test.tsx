// @vitest-environment jsdom
import fs from 'node:fs';
import type { ReactNode } from 'react';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import type { Course } from '../api/courses.ts';
import { CategoryCard } from './CategoryCard.tsx';
import { CourseCard } from './CourseCard.tsx';

/**
 * WCAG 2.5.3 Label in Name (axe 4.14 `label-content-name-mismatch`, issue 20): a card's link is
 * named by exactly the text it shows, its title; the rest of the card describes it.
 */
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(() =>
  i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), catalogue: ns('catalogue') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  }),
);
afterEach(cleanup);

const renderIn = (node: ReactNode) =>
  render(
    <I18nProvider i18n={i18next}>
      <MemoryRouter>
        <ul>{node}</ul>
      </MemoryRouter>
    </I18nProvider>,
  );

const description = (link: HTMLElement) =>
  (link.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('catalogue cards', () => {
  it('an activity card: the link shows and is named by the title; badge and description describe it', () => {
    renderIn(<CategoryCard slug="swimming" name="Swimming" description="Lanes and lessons" imageUrl={null} to="/location/bury/swimming" action="See times" badge="3 activities" />);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('Swimming');
    expect(link.getAttribute('aria-labelledby')).toBeNull();
    expect(link.getAttribute('aria-label')).toBeNull();
    expect(screen.getByRole('link', { name: 'Swimming' }).getAttribute('href')).toBe('/location/bury/swimming');
    expect(screen.getByRole('heading', { level: 2, name: 'Swimming' }).contains(link)).toBe(true);
    expect(description(link)).toBe('3 activities Lanes and lessons');
  });

  it('a course card: the link shows and is named by the course name; when and the price describe it', () => {
    const course = {
      id: 1,
      slug: 'learn-to-swim-stage-1',
      name: 'Learn to Swim Stage 1',
      shortDescription: 'First strokes',
      description: null,
      imageUrl: null,
      category: { slug: 'swimming-lessons', name: 'Swimming Lessons' },
      venueSlug: 'bury',
      // fixed-date: a course's dates as the card prints them, never compared with the clock
      startsOn: '2026-01-05',
      // fixed-date: as above
      endsOn: '2026-03-09',
      weeks: 10,
      dayOfWeek: 1,
      startTime: '17:00',
      durationMinutes: 30,
      price: 6500,
      capacity: 8,
      minAge: 5,
      maxAge: 8,
      level: null,
      instructor: null,
      tags: [],
    } as unknown as Course;
    renderIn(<CourseCard course={course} venueSlug="bury" currencySymbol="£" />);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('Learn to Swim Stage 1');
    expect(link.getAttribute('aria-labelledby')).toBeNull();
    expect(screen.getByRole('link', { name: 'Learn to Swim Stage 1' }).getAttribute('href')).toBe('/courses/location/bury/swimming-lessons/learn-to-swim-stage-1');
    expect(description(link)).toContain('£65.00');
  });
});
