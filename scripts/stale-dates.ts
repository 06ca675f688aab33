/**
 * The suite must not decay with the calendar (issue 19): a test, a test helper, a fixture or the
 * demo seed that names a calendar date works only in the weeks it was written, unless the clock
 * it runs against is pinned too. This finds such dates.
 *
 * A literal `YYYY-MM-DD` is allowed when
 * - its file pins the clock: `vi.setSystemTime(…)`, `vi.useFakeTimers(…)`, `page.clock.install(…)`,
 *   `page.clock.setFixedTime(…)` / `setSystemTime(…)`, or a `NOW` constant the code under test is
 *   given instead of reading the clock; or
 * - its line, or the line above, says why it cannot go stale with a `fixed-date:` comment
 *   (a date of birth decades away from any age limit, a date that is only ever parsed, …).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const CALENDAR_DATE = /\b(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?!\d)/;
export const PINNED_CLOCK = /\bvi\.(?:setSystemTime|useFakeTimers)\(|\bclock\.(?:install|setFixedTime|setSystemTime)\(|\bconst NOW\b/;
export const FIXED_DATE_NOTE = /fixed-date:/;

export type StaleDate = { file: string; line: number; text: string };

/** The literal calendar dates of one file's text that neither a pinned clock nor a note excuses. */
export const staleDatesIn = (file: string, text: string): StaleDate[] => {
  if (PINNED_CLOCK.test(text)) return [];
  const lines = text.split('\n');
  return lines.flatMap((line, index) =>
    CALENDAR_DATE.test(line) && !FIXED_DATE_NOTE.test(line) && !FIXED_DATE_NOTE.test(lines[index - 1] ?? '')
      ? [{ file, line: index + 1, text: line.trim() }]
      : [],
  );
};

/** Test files, test helpers and fixtures, and the demo seed (it is every test's fixture too). */
export const isCheckedFile = (file: string): boolean =>
  !file.includes('node_modules/') &&
  /\.(?:ts|tsx|mjs|py)$/.test(file) &&
  (/\.(?:test|spec)\.tsx?$/.test(file) ||
    file.startsWith('e2e/') ||
    file.startsWith('apps/api/test/') ||
    file.startsWith('apps/api/src/db/seed/') ||
    /(?:^|\/)test-[\w-]+\.tsx?$/.test(file));

const ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'bench'];

/** Every checked file under the repository root, as repository-relative paths with `/`. */
export const checkedFiles = (root: string): string[] =>
  ROOTS.flatMap((dir) => {
    try {
      return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file.split(path.sep).join('/')}`);
    } catch {
      return [];
    }
  }).filter(isCheckedFile);

export const staleDatesUnder = (root: string): StaleDate[] =>
  checkedFiles(root).flatMap((file) => staleDatesIn(file, readFileSync(path.join(root, file), 'utf8')));
