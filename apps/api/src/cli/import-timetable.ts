import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../lib/config.ts';
import { AlreadyRunningError, acquireDataDirLock } from '../lib/lock.ts';
import { createDb } from '../db/connect.ts';
import { embeddedConnectionString, startEmbeddedPostgres } from '../db/embedded.ts';
import { importTimetable, importingManager, type ImportResult } from '../modules/manage/timetable-import.ts';

const USAGE = 'Usage: npm run import:timetable -- <file.csv> [--apply] [--client <slug>] [--as <manager email>]';

/**
 * `npm run import:timetable -- file.csv [--apply]` (docs/operator-tools.md "Timetable import"):
 * weekly classes from a CSV, a dry run unless --apply (what would be made, or every error by line
 * and column), applied in one transaction or not at all, recorded against a manager. Works against
 * DATABASE_URL, the embedded database of a running server, or a stopped one. Exit code 1 on errors.
 */
const main = async (args: string[]) => {
  const file = args.find((a, i) => !a.startsWith('--') && !['--client', '--as'].includes(args[i - 1] ?? ''));
  if (!file) throw new Error(USAGE);
  const option = (name: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? null) : null);
  const apply = args.includes('--apply');
  const config = loadConfig();
  const csv = readFileSync(file, 'utf8');

  let connectionString = config.DATABASE_URL;
  let cleanup = async () => {};
  if (!connectionString) {
    try {
      const release = acquireDataDirLock(config.dataDir);
      const embedded = await startEmbeddedPostgres({ databaseDir: path.join(config.dataDir, 'postgres'), port: config.EMBEDDED_PG_PORT, runtimeDir: config.EMBEDDED_PG_RUNTIME_DIR }).catch((error: unknown) => {
        release();
        throw error;
      });
      connectionString = embedded.connectionString;
      cleanup = async () => {
        await embedded.stop();
        release();
      };
    } catch (error) {
      if (!(error instanceof AlreadyRunningError)) throw error;
      connectionString = embeddedConnectionString(path.join(config.dataDir, 'postgres'), config.EMBEDDED_PG_PORT);
    }
  }
  const db = createDb(connectionString, 1);
  try {
    const manager = await importingManager(db, option('--client') ?? config.DEFAULT_CLIENT, option('--as'));
    const result = await importTimetable(db, manager, csv, { apply });
    report(result);
    if (result.errors.length > 0) process.exitCode = 1;
  } finally {
    await db.destroy();
    await cleanup();
  }
};

const report = (result: ImportResult) => {
  if (result.errors.length > 0) {
    console.log(`Nothing was imported: ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}.`);
    for (const e of result.errors) console.log(`  line ${e.line}${e.column ? `, column ${e.column}` : ''}: ${e.message}`);
    return;
  }
  console.log(result.applied ? `Imported ${result.rows.length} weekly classes:` : `Dry run: ${result.rows.length} weekly classes would be made (run again with --apply):`);
  for (const row of result.rows) console.log(`  line ${row.line}: ${row.summary}`);
};

await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
