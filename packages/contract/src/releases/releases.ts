import { z } from 'zod';
import { ZCartAddItem } from '../cart/cart.ts';

/**
 * A fair release (issue 25; docs/release.md): requests for places on a day that is about to
 * open, decided by a draw whose seed is committed (its SHA-256 shown) before the first request
 * and revealed after the draw.
 */

export { RELEASE_REQUEST_LEAD_MINUTES, RELEASE_REQUESTS_PER_CUSTOMER } from './limits.ts';

export const RELEASE_NOT_OPEN_MESSAGE = 'Requests for this day open 10 minutes before it is released.';
export const RELEASE_LIMIT_MESSAGE = 'You can make 2 requests for each day that is released.';

/** POST /api/activities/release-requests: one cart-add item (the basket's own shape and checks). */
export const ZReleaseRequestBody = z.looseObject({ item: ZCartAddItem });
export type ReleaseRequestBody = z.infer<typeof ZReleaseRequestBody>;

export const ZReleaseRequestStatus = z.enum(['waiting', 'granted', 'waitlisted', 'refused']);

export const ZReleaseRequest = z.object({
  id: z.number().int(),
  status: ZReleaseRequestStatus,
  occurrence_id: z.number().int(),
  purchased_for_user_id: z.number().int(),
  /** The waitlist position when waitlisted (at the time of the draw), else null. */
  position: z.number().int().nullable(),
  /** Why it was refused (a session that is not a class and is full, or one cancelled), else null. */
  reason: z.string().nullable(),
  release_at: z.string(),
  seed_hash: z.string(),
  /** Revealed once the draw has run; null before. */
  seed: z.string().nullable(),
});
export type ReleaseRequestDto = z.infer<typeof ZReleaseRequest>;

export const ZReleaseRequestAccepted = z.object({
  data: z.object({ id: z.number().int(), status: ZReleaseRequestStatus, release_at: z.string(), seed_hash: z.string() }),
});
export const ZReleaseRequestList = z.object({ data: z.array(ZReleaseRequest) });

/** 422 before the request window: when it opens. */
export const ZReleaseNotOpen = z.object({ message: z.string(), code: z.literal('release_not_open'), opens_at: z.string(), release_at: z.string() });

/** PUT /api/foh/venues/{venue}/releases/{date} */
export const ZReleaseParams = z.object({
  venue: z.string().min(1).max(120),
  date: z.iso.date(),
});
export const ZReleaseOverrideBody = z.object({ release_at: z.iso.datetime({ offset: true }) });
export const ZReleaseDto = z.object({
  venue_id: z.number().int(),
  date: z.string(),
  release_at: z.string(),
  seed_hash: z.string(),
  drawn: z.boolean(),
});
export const ZReleaseResponse = z.object({ data: ZReleaseDto });

/**
 * GET /api/activities/venues/{venue}/releases/{date} (public: visitors see the countdown and the
 * hash too): a venue's day release, its committed seed hash, and the seed once drawn. A release
 * not stored yet is made (with its seed) when it is due within `RELEASE_PUBLISH_HOURS`.
 */
export const RELEASE_PUBLISH_HOURS = 48;
export const RELEASE_NOT_FOUND_MESSAGE = 'This day has no release to show.';
export const ZPublicRelease = z.object({
  venue_id: z.number().int(),
  date: z.string(),
  release_at: z.string(),
  /** From this instant customers can ask (RELEASE_REQUEST_LEAD_MINUTES before the release). */
  requests_open_at: z.string(),
  seed_hash: z.string(),
  /** Revealed once the draw is over; null before. */
  seed: z.string().nullable(),
  drawn: z.boolean(),
});
export type PublicReleaseDto = z.infer<typeof ZPublicRelease>;
export const ZPublicReleaseResponse = z.object({ data: ZPublicRelease });
