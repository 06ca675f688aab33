// `npm run bench -- <name>` runs bench/<name>/run.ts; with no name, every benchmark in turn.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const benchDir = import.meta.dirname;
const available = fs
  .readdirSync(benchDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(benchDir, d.name, 'run.ts')))
  .map((d) => d.name);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
for (const name of wanted.length ? wanted : available) {
  const result = spawnSync(process.execPath, [path.join(benchDir, name, 'run.ts')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
