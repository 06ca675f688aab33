#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web bundles when they are missing or
// older than their sources, then runs the server on the project's pinned Node (node@24).
// Plain JavaScript on purpose: on a fresh clone this runs on whatever Node the machine has.
import { prepare, runForeground } from './prepare.mjs';

prepare();
// The server's shutdown is idempotent, so receiving both Ctrl-C's SIGINT and ours is harmless.
runForeground('apps/api/src/server.ts');
