import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedFiles, isCheckedFile, staleDatesIn, staleDatesUnder } from './stale-dates.ts';

const root = path.resolve(import.meta.dirname, '..');
// The probes are built from parts so this file itself holds no calendar date.
const day = ['2026', '11', '23'].join('-');

describe('no test, fixture or seed names a calendar date the clock is not pinned to (issue 19)', () => {
  it('finds the files it checks', () => {
    const files = checkedFiles(root);
    expect(files).toEqual(
      expect.arrayContaining(['e2e/shell/pages.spec.ts', 'apps/api/test/fixtures/timetable.ts', 'apps/api/src/db/seed/seed.ts', 'scripts/stale-dates.unit.test.ts']),
    );
    expect(files.some((file) => file.includes('node_modules'))).toBe(false);
  });

  it('has none', () => {
    expect(staleDatesUnder(root)).toEqual([]);
  });

  it('fires on a literal date in a test with a live clock', () => {
    expect(staleDatesIn('probe.test.ts', `const url = '/location/bury/yoga/${day}';`)).toEqual([
      { file: 'probe.test.ts', line: 1, text: `const url = '/location/bury/yoga/${day}';` },
    ]);
  });

  it('fires on a date followed by a time (an ISO timestamp)', () => {
    expect(staleDatesIn('probe.test.ts', `starts_at: '${day}T09:00:00Z',`)).toHaveLength(1);
  });

  it('does not take a longer number for a date', () => {
    expect(staleDatesIn('probe.test.ts', `const id = '${day}5';`)).toEqual([]);
  });

  it.each([
    ['vi.setSystemTime', `vi.setSystemTime(new Date('${day}T10:00:00Z'));\nconst d = '${day}';`],
    ['page.clock.install', `await page.clock.install({ time: new Date('${day}T10:00:00Z') });`],
    ['page.clock.setFixedTime', `await page.clock.setFixedTime('${day}T10:00:00Z');`],
    ['a NOW constant', `const NOW = new Date('${day}T10:00:00Z');\nrule(NOW, '${day}');`],
    ['a note on the line', `const dob = '${day}'; // fixed-date: a birth date`],
    ['a note on the line above', `// fixed-date: only parsed\nparse('${day}');`],
  ])('lets a date through when %s pins it', (_, text) => {
    expect(staleDatesIn('probe.test.ts', text)).toEqual([]);
  });

  it.each([
    ['apps/web/src/features/x/X.test.tsx', true],
    ['e2e/support/customer.ts', true],
    ['apps/api/src/db/seed/courses-swimming.ts', true],
    ['apps/web/src/features/timetable/test-fake-api.tsx', true],
    ['apps/api/src/modules/timetable/window.ts', false],
    ['apps/api/src/db/migrations/0003_catalogue.ts', false],
  ])('checks %s: %s', (file, checked) => {
    expect(isCheckedFile(file)).toBe(checked);
  });
});
