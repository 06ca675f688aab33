import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { resumeStrandedDraws } from '../modules/releases/service.ts';

/** How often each instance looks for a release draw left by a process that died. */
export const DRAW_WATCH_MS = 2_000;

/**
 * Every instance looks every 2 s for releases past their instant with requests waiting and no
 * live draw (docs/scaling.md "A killed instance mid-release"): one indexed query, nothing found
 * almost always. Such a draw is queued again to run now; whichever instance takes the job resumes
 * it, and the draw's row locks decide nothing twice. graphile-worker alone would leave the dead
 * process's job locked for 4 hours.
 */
export const startDrawWatch = (db: Db, logger: FastifyBaseLogger, intervalMs = DRAW_WATCH_MS) => {
  let running: Promise<void> | null = null;
  const look = async () => {
    try {
      const queued = await resumeStrandedDraws(db);
      if (queued.length) logger.info({ releases: queued }, 'release draws queued to run now');
    } catch (error) {
      logger.warn({ err: error }, 'looking for stranded release draws failed');
    }
  };
  const timer = setInterval(() => {
    running ??= look().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
