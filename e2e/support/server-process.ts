import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const NODE = path.join(ROOT, 'node_modules/.bin/node');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export type RunningServer = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Starts `npm start`'s entry (scripts/start.mjs) as a user would, with the given environment;
 * `root` runs the entry of another copy of the project.
 */
export const startServer = (env: Record<string, string>, root = ROOT): RunningServer => {
  const child = spawn(NODE, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, SKIP_WEB_BUILD: 'true', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
};

/** Polls /api/health until it answers 200, or the process exits, or the deadline passes. */
export const waitForHealthy = async (server: RunningServer, port: number, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was healthy:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server was not healthy within ${timeoutMs} ms:\n${server.output()}`);
};
