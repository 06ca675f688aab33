import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { drawsDueSoon, resumeStrandedDraws } from '../modules/releases/service.ts';

/** How often each instance looks for a release draw left by a process that died, or about to be due. */
export const DRAW_WATCH_MS = 2_000;

/**
 * Every instance looks every 2 s for releases past their instant with requests waiting and no
 * live draw (docs/scaling.md "A killed instance mid-release"): one indexed query, nothing found
 * almost always. Such a draw is queued again to run now; whichever instance takes the job resumes
 * it, and the draw's row locks decide nothing twice. graphile-worker alone would leave the dead
 * process's job locked for 4 hours.
 *
 * On time: graphile-worker finds a job that falls due only when it next polls (every 2 s), so a
 * draw could start up to 2 s after its instant. The watch also reads the releases due within the
 * next two looks and sets a timer for each instant, at which it looks again: the release is then
 * past its instant with requests waiting and no draw holding its lock, so its job is queued to run
 * now (graphile-worker hears of a job queued now at once). A draw already running holds the lock
 * and is left alone; a staff move makes the timer find nothing due.
 */
export const startDrawWatch = (db: Db, logger: FastifyBaseLogger, intervalMs = DRAW_WATCH_MS) => {
  let running: Promise<void> | null = null;
  let stopped = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const look = async () => {
    try {
      const queued = await resumeStrandedDraws(db);
      if (queued.length) logger.info({ releases: queued }, 'release draws queued to run now');
    } catch (error) {
      logger.warn({ err: error }, 'looking for stranded release draws failed');
    }
  };
  const atInstant = (key: string) => {
    timers.delete(key);
    if (!stopped) void look();
  };
  const lookAhead = async () => {
    try {
      for (const due of await drawsDueSoon(db, 2 * intervalMs)) {
        const key = `${due.id}@${due.release_at.getTime()}`;
        if (timers.has(key)) continue;
        // 10 ms past the instant, so that PostgreSQL's now() has passed it too.
        const timer = setTimeout(() => atInstant(key), Math.max(0, due.release_at.getTime() - Date.now() + 10));
        timer.unref();
        timers.set(key, timer);
      }
    } catch (error) {
      logger.warn({ err: error }, 'looking for release draws due soon failed');
    }
  };
  const interval = setInterval(() => {
    running ??= Promise.all([look(), lookAhead()])
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  interval.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(interval);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await running;
    },
  };
};
