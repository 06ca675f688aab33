import { runDbCommand } from './migrate.ts';

await runDbCommand('seed').catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
