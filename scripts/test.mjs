#!/usr/bin/env node
// `npm test`: lint, typecheck, unit, API integration, then browser journeys. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['unit tests', ['run', 'test:unit']],
  ['API integration tests', ['run', 'test:api']],
  ['browser journeys', ['run', 'test:e2e']],
];

for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
