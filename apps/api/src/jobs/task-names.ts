import { z } from 'zod';

/**
 * Every background task's name and the payload it takes: what `enqueue` is typed by and what
 * the runner checks each job's payload against before its handler sees it. This file imports
 * no module: a domain that queues a job (email, waitlist promotion) imports this and
 * enqueue.ts, never the handlers (tasks.ts), which import the domains — so queueing a job
 * closes no import circle (issue 19). A new task is a line here and its handler in tasks.ts.
 */
const schemas = {
  'cleanup-expired': z.object({}),
  'materialise-occurrences': z.object({}),
  'release-expired-holds': z.object({}),
  'promote-waitlist': z.object({ occurrenceId: z.number().int().positive() }),
  'promote-course-waitlist': z.object({ courseId: z.number().int().positive() }),
  'send-email': z.object({ emailId: z.number().int().positive() }),
  'password-reset-request': z.object({
    clientId: z.number().int().positive(),
    name: z.string().max(320),
    address: z.string().max(64).nullable(),
    userAgent: z.string().max(1024).nullable(),
  }),
  'reconcile-payments': z.object({}),
  'expire-credit': z.object({}),
  'membership-collections': z.object({}),
  'mark-no-shows': z.object({}),
  'release-draw': z.object({ releaseId: z.number().int().positive() }),
};

export type TaskPayloads = { [T in keyof typeof schemas]: z.output<(typeof schemas)[T]> };
export type TaskName = keyof TaskPayloads;

/** Each task's payload schema; a scheduled run's `_cron` note is dropped by the parse. */
export const TASK_PAYLOADS: { [T in TaskName]: z.ZodType<TaskPayloads[T]> } = schemas;

/** The keys of `schemas`, a literal object: exactly the task names. */
export const TASK_NAMES = Object.keys(schemas) as TaskName[];
