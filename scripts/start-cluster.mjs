#!/usr/bin/env node
// `npm run start:cluster`: as `npm start` (dependencies, web build), then makes sure HAProxy is
// installed (Debian's package, through apt-get, when `haproxy` is missing) and runs the cluster
// (apps/api/src/cli/cluster.ts): one PostgreSQL, 3 API instances, HAProxy in front on PORT.
// docs/scaling.md. Plain JavaScript, like start.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { prepare, runForeground } from './prepare.mjs';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
// Debian puts it in /usr/sbin, which is not on every user's PATH.
const hasHaproxy = () => Boolean(process.env.HAPROXY_BIN) || has('haproxy') || fs.existsSync('/usr/sbin/haproxy');

prepare();
if (!hasHaproxy()) {
  const asRoot = process.getuid?.() === 0;
  if (!has('apt-get') || (!asRoot && !has('sudo'))) {
    console.error('\nHAProxy is not installed. Install it (Debian/Ubuntu: apt-get install -y haproxy) or set HAPROXY_BIN.\n');
    process.exit(1);
  }
  console.log('Installing HAProxy (apt-get install -y haproxy)…');
  const apt = (args) => spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt(['install', '-y', 'haproxy']).status !== 0 && (apt(['update']).status !== 0 || apt(['install', '-y', 'haproxy']).status !== 0)) {
    console.error('\nCould not install HAProxy with apt-get; install it yourself or set HAPROXY_BIN.\n');
    process.exit(1);
  }
}
runForeground('apps/api/src/cli/cluster.ts');
