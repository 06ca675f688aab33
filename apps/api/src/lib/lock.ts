import fs from 'node:fs';
import path from 'node:path';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class AlreadyRunningError extends Error {}

/**
 * Takes an exclusive lock on the data directory so a second server cannot start on
 * the same database files. A lock left by a crashed process is taken over.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new AlreadyRunningError(
          `Another server (pid ${pid}) is already running with the data directory ${dataDir}.\n` +
            'Stop it first (Ctrl-C in its terminal), or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new AlreadyRunningError(`Could not lock the data directory ${dataDir}.`);
};
