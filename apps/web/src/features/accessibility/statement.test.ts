import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The accessibility statement and the shell notes say what is true today (issue 20): every
 * route of spec §2 has its screen, so neither may call one unbuilt or a placeholder.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const statement = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/public/locales/en-GB/accessibility.json'), 'utf8')) as Record<string, unknown>;
const statementText = JSON.stringify(statement);
const shellNotes = fs.readFileSync(path.join(root, 'docs/shell.md'), 'utf8');

const UNBUILT = /being built|not been tested yet|placeholder|(?:do|does) not exist yet|no register endpoint yet|nothing can be added yet|there are no orders yet/i;

describe('the accessibility statement and docs/shell.md', () => {
  it('call no screen unbuilt', () => {
    expect(statementText).not.toMatch(UNBUILT);
    expect(shellNotes).not.toMatch(UNBUILT);
  });

  it('the statement lists the timetable, basket, checkout and payment screens as tested automatically', () => {
    expect(String(statement.tested)).toContain('including the timetable, basket, checkout and payment screens');
  });
});
