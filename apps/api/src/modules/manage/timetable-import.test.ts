import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { importTimetable } from './timetable-import.ts';

/**
 * The timetable import (issue 26, docs/operator-tools.md "Timetable import"): the demo CSV with
 * its one bad row is refused by line and column with nothing applied; fixed, the dry run lists
 * what would be made and makes nothing; applied, every row is a weekly class on the timetable; a
 * row that fails while applying takes the rows before it back with it. And the npm command.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let manager: TestCustomer;
const root = path.resolve(import.meta.dirname, '../../../../..');
const demoCsv = readFileSync(path.join(root, 'docs/examples/timetable-import.csv'), 'utf8');
const fixed = demoCsv.replace('Night Ride,Thursday,21:00,40,0,', 'Night Ride,Thursday,21:00,40,16,');
const asManager = () => ({ clientId: fx.clientId, userId: manager.userId });
const classesNamed = async (names: string[]) => (await ctx.db.selectFrom('activities').select('name').where('name', 'in', names).orderBy('name').execute()).map((a) => a.name);
const NAMES = ['Late Yin Yoga', 'Night Ride', 'Weekend Spin'];

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  [manager] = (await createCustomers(ctx.db, fx.clientId, 1)) as [TestCustomer];
  await ctx.db.updateTable('users').set({ role: 'staff', operator_role: 'manager' }).where('id', '=', manager.userId).execute();
});

describe('importing a timetable from CSV', () => {
  it('names the demo file’s bad row by line and column and applies nothing, even with --apply', async () => {
    for (const apply of [false, true]) {
      const result = await importTimetable(ctx.db, asManager(), demoCsv, { apply });
      expect(result).toMatchObject({ applied: false, rows: [], errors: [{ line: 3, column: 'capacity', message: 'Must be at least 1' }] });
    }
    expect(await classesNamed(NAMES)).toEqual([]);
  });

  it('lists every error of every row, and a header it cannot use', async () => {
    const bad = [
      'venue,activity,name,day,start_time,duration_minutes,capacity,price,booking_window_days,room',
      'nowhere,yoga,A,Mon,25:00,45,10,6.50,7,',
      'bury-leisure-centre,squash,Not a class,Funday,10:00,45,10,six,7,Court 9',
      'bury-leisure-centre,yoga,Short,Mon,10:00,45',
    ].join('\n');
    const { errors } = await importTimetable(ctx.db, asManager(), bad, { apply: true });
    expect(errors).toEqual([
      { line: 2, column: 'venue', message: "No venue with the slug 'nowhere'." },
      { line: 3, column: 'activity', message: "'squash' is not a class activity offered at Bury Leisure Centre." },
      { line: 3, column: 'room', message: "No room 'Court 9' at Bury Leisure Centre." },
      expect.objectContaining({ line: 3, column: 'day' }),
      expect.objectContaining({ line: 3, column: 'price' }),
      { line: 4, column: null, message: 'Expected 10 fields, found 6.' },
    ]);
    const header = await importTimetable(ctx.db, asManager(), 'venue,name,colour\n', { apply: false });
    expect(header.errors.map((e) => [e.line, e.column])).toContainEqual([1, 'activity']);
    expect(header.errors.map((e) => [e.line, e.column])).toContainEqual([1, 'colour']);
  });

  it('fixed: the dry run lists what would be made and makes nothing; applied, all three are on the timetable and recorded', async () => {
    const dry = await importTimetable(ctx.db, asManager(), fixed, { apply: false });
    expect(dry).toMatchObject({ applied: false, dry_run: true, errors: [] });
    expect(dry.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(dry.rows[0]!.summary).toContain('Late Yin Yoga created');
    expect(await classesNamed(NAMES)).toEqual([]);

    const applied = await importTimetable(ctx.db, asManager(), fixed, { apply: true });
    expect(applied).toMatchObject({ applied: true, errors: [] });
    expect(await classesNamed(NAMES)).toEqual(NAMES);
    const templates = await sql<{ name: string; capacity: number; day: number }>`
      SELECT a.name, t.capacity, t.iso_day_of_week AS day FROM activity_templates t JOIN activities a ON a.id = t.activity_id
       WHERE a.name = ANY(${NAMES}::text[]) ORDER BY a.name`.execute(ctx.db);
    expect(templates.rows).toEqual([
      { name: 'Late Yin Yoga', capacity: 12, day: 2 },
      { name: 'Night Ride', capacity: 16, day: 4 },
      { name: 'Weekend Spin', capacity: 14, day: 6 },
    ]);
    expect(await ctx.db.selectFrom('operator_changes').select('id').where('action', '=', 'series_created').where('actor_user_id', '=', manager.userId).execute()).toHaveLength(3);
  });

  it('applies all or nothing: a row refused while applying takes the rows before it back', async () => {
    const yesterday = (await sql<{ d: string }>`SELECT to_char((now() AT TIME ZONE 'Europe/London')::date - 1, 'YYYY-MM-DD') AS d`.execute(ctx.db)).rows[0]!.d;
    const csv = [
      'venue,activity,name,day,start_time,duration_minutes,capacity,price,booking_window_days,starts_on',
      'bury-leisure-centre,yoga,All Or Nothing One,Mon,06:05,30,10,5.00,7,',
      `bury-leisure-centre,yoga,All Or Nothing Two,Mon,06:45,30,10,5.00,7,${yesterday}`,
    ].join('\n');
    const result = await importTimetable(ctx.db, asManager(), csv, { apply: true });
    expect(result).toMatchObject({ applied: false, errors: [{ line: 3, column: 'starts_on', message: 'The first date cannot be in the past.' }] });
    expect(await classesNamed(['All Or Nothing One', 'All Or Nothing Two'])).toEqual([]);
  });

  it('runs as npm run import:timetable: a dry run by default, exit code 1 with the errors', async () => {
    const run = (args: string[]) =>
      promisify(execFile)(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'apps/api/src/cli/import-timetable.ts'), ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const refused = await run([path.join(root, 'docs/examples/timetable-import.csv'), '--apply', '--as', manager.email]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('line 3, column capacity: Must be at least 1');
  });
});

describe('the console upload (POST /api/manage/timetable-import)', () => {
  it('is for managers only, answers the dry run with the bad row, and applies the fixed file', async () => {
    const [staff] = (await createCustomers(ctx.db, fx.clientId, 1)) as [TestCustomer];
    await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.userId).execute();
    const post = (who: TestCustomer, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/manage/timetable-import', headers: who.auth, payload });
    expect((await post(staff, { csv: demoCsv, apply: true })).statusCode).toBe(403);
    expect((await post(manager, { csv: '', apply: false })).statusCode).toBe(422);
    const csv = demoCsv.replaceAll('Late Yin Yoga', 'Upload Yin').replaceAll('Night Ride', 'Upload Ride').replaceAll('Weekend Spin', 'Upload Spin');
    const dry = await post(manager, { csv, apply: false });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({ applied: false, dry_run: true, rows: [], errors: [{ line: 3, column: 'capacity', message: 'Must be at least 1' }] });
    const applied = await post(manager, { csv: csv.replace('Upload Ride,Thursday,21:00,40,0,', 'Upload Ride,Thursday,21:00,40,16,'), apply: true });
    expect(applied.json()).toMatchObject({ applied: true, errors: [] });
    expect(await classesNamed(['Upload Ride', 'Upload Spin', 'Upload Yin'])).toEqual(['Upload Ride', 'Upload Spin', 'Upload Yin']);
  });
});
