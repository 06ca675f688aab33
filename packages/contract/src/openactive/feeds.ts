import { z } from 'zod';

/**
 * OpenActive open data (issue 26; docs/openactive.md): the dataset site at /openactive and one
 * RPDE feed per kind of opportunity at /openactive/feeds/{feed}, per operator (the host).
 */

/** The feeds, in the order the dataset site lists them. */
export const OPENACTIVE_FEEDS = [
  'session-series',
  'scheduled-sessions',
  'facility-uses',
  'individual-facility-uses',
  'facility-use-slots',
  'course-instances',
] as const;
export type OpenactiveFeedName = (typeof OPENACTIVE_FEEDS)[number];

/** Any name: one that is not a feed is a 404 (feed_not_found), as an unknown page would be. */
export const ZFeedParams = z.object({ feed: z.string() });
export type FeedParams = z.infer<typeof ZFeedParams>;

/**
 * The RPDE paging parameters (modified timestamp and id ordering). Read as given, one value or
 * several: the service answers 400 for a missing partner, a repeat or a value that is not a whole number.
 */
const ZParam = z.union([z.string(), z.array(z.string())]).optional();
export const ZFeedQuery = z.object({ afterTimestamp: ZParam, afterId: ZParam });
export type FeedQuery = z.infer<typeof ZFeedQuery>;

export const FEED_NOT_FOUND_MESSAGE = "We couldn't find that feed.";
export const RPDE_PARAMS_MESSAGE = 'afterTimestamp and afterId must be given together, each once, as whole numbers.';

/** One RPDE item: `data` only while it exists (state 'updated'). */
export type RpdeItem = {
  state: 'updated' | 'deleted';
  kind: string;
  id: number;
  modified: number;
  data?: Record<string, unknown>;
};

export type RpdePage = { next: string; items: RpdeItem[]; license: string };
