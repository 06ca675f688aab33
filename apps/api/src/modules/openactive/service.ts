import { FEED_NOT_FOUND_MESSAGE, OPENACTIVE_FEEDS, RPDE_PARAMS_MESSAGE, type FeedQuery, type OpenactiveFeedName, type RpdeItem, type RpdePage } from '@app/contract/openactive/feeds';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import * as model from './model.ts';
import * as repo from './repository.ts';

/**
 * OpenActive RPDE feeds (issue 26; docs/openactive.md): a keyset page of a feed in (modified, id)
 * order, each item's data built from its source rows, and the dataset that lists the feeds.
 */

export const DEFAULT_PAGE_SIZE = 500;

export type After = { modified: number; id: number } | null;

const isFeed = (feed: string): feed is OpenactiveFeedName => (OPENACTIVE_FEEDS as readonly string[]).includes(feed);

const WHOLE = /^(0|[1-9]\d{0,15})$/;
const whole = (value: string | string[] | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !WHOLE.test(value) || !Number.isSafeInteger(Number(value))) throw badRequest('invalid_rpde_parameters', RPDE_PARAMS_MESSAGE);
  return Number(value);
};

/** afterTimestamp and afterId: both or neither, each once, whole numbers (else 400). */
export const parseAfter = (query: FeedQuery): After => {
  const modified = whole(query.afterTimestamp);
  const id = whole(query.afterId);
  if (modified === undefined && id === undefined) return null;
  if (modified === undefined || id === undefined) throw badRequest('invalid_rpde_parameters', RPDE_PARAMS_MESSAGE);
  return { modified, id };
};

export const feedUrl = (origin: string, feed: OpenactiveFeedName, after: After) =>
  `${origin}/openactive/feeds/${feed}${after ? `?afterTimestamp=${after.modified}&afterId=${after.id}` : ''}`;

/** The data of a page's live items, by id (an item whose source row is gone is served as deleted). */
const itemData = async (db: Db, clientId: number, feed: OpenactiveFeedName, origin: string, rows: readonly repo.FeedRow[]) => {
  const live = rows.filter((r) => !r.deleted);
  const ids = live.map((r) => r.item_id);
  const data = new Map<number, Record<string, unknown>>();
  switch (feed) {
    case 'session-series':
      for (const row of await repo.activities(db, clientId, ids)) if (row.kind !== 'resource') data.set(row.id, model.sessionSeries(origin, row));
      break;
    case 'facility-uses':
      for (const row of await repo.activities(db, clientId, ids)) if (row.kind === 'resource') data.set(row.id, model.facilityUse(origin, row));
      break;
    case 'scheduled-sessions':
      for (const row of await repo.occurrences(db, clientId, ids)) if (row.kind !== 'resource') data.set(row.id, model.scheduledSession(origin, row));
      break;
    case 'facility-use-slots':
      for (const row of await repo.occurrences(db, clientId, ids)) if (row.kind === 'resource') data.set(row.id, model.slot(origin, row));
      break;
    case 'individual-facility-uses': {
      const items = live.filter((r) => r.parent_id !== null).map((r) => ({ id: r.item_id, parentId: r.parent_id! }));
      for (const row of await repo.locations(db, clientId, items)) data.set(row.id, model.individualFacilityUse(origin, row));
      break;
    }
    case 'course-instances':
      for (const row of await repo.courses(db, clientId, ids)) data.set(row.id, model.courseInstance(origin, row));
      break;
  }
  return data;
};

export type FeedAnswer = { page: RpdePage; isLastPage: boolean };

/**
 * One page of a feed: up to `pageSize` items after `after`; `next` names the last item, or on
 * the last page (no items) the page's own URL.
 */
export const feedPage = async (
  db: Db,
  { clientId, feed, origin, query, pageSize = DEFAULT_PAGE_SIZE }: { clientId: number; feed: string; origin: string; query: FeedQuery; pageSize?: number },
): Promise<FeedAnswer> => {
  if (!isFeed(feed)) throw notFound('feed_not_found', FEED_NOT_FOUND_MESSAGE);
  const after = parseAfter(query);
  const rows = await repo.feedPage(db, clientId, feed, after, pageSize);
  const data = await itemData(db, clientId, feed, origin, rows);
  const { kind } = model.FEED_KINDS[feed];
  const items: RpdeItem[] = rows.map((row) => {
    const found = row.deleted ? undefined : data.get(row.item_id);
    return found
      ? { state: 'updated', kind, id: row.item_id, modified: row.modified, data: found }
      : { state: 'deleted', kind, id: row.item_id, modified: row.modified };
  });
  const last = rows.at(-1);
  return {
    page: { next: feedUrl(origin, feed, last ? { modified: last.modified, id: last.item_id } : after), items, license: model.LICENSE },
    isLastPage: items.length === 0,
  };
};

/** The dataset (schema.org Dataset with a DataDownload per feed), for the dataset site's JSON-LD. */
export const dataset = async (db: Db, clientId: number, origin: string) => {
  const publisher = (await repo.clientName(db, clientId)) ?? 'Leisure bookings';
  return {
    // The OpenActive context first (its terms map onto schema.org's): the validator asks for it there.
    '@context': model.OPENACTIVE_CONTEXT,
    '@type': 'Dataset',
    '@id': `${origin}/openactive`,
    url: `${origin}/openactive`,
    name: `${publisher} Sessions and Facilities`,
    description: `Near real-time availability and rich descriptions of the sessions, facilities and courses bookable at ${publisher}'s venues.`,
    keywords: ['Sessions', 'Facilities', 'Courses', 'Activities', 'Sports', 'Physical Activity', 'OpenActive'],
    license: model.LICENSE,
    inLanguage: ['en-GB'],
    schemaVersion: 'https://openactive.io/modelling-opportunity-data/2.0/',
    documentation: 'https://permalink.openactive.io/dataset-site/open-data-documentation',
    publisher: { '@type': 'Organization', name: publisher, url: `${origin}/` },
    distribution: OPENACTIVE_FEEDS.map((feed) => ({
      '@type': 'DataDownload',
      name: model.FEED_KINDS[feed].name,
      additionalType: model.FEED_KINDS[feed].type,
      encodingFormat: 'application/vnd.openactive.rpde+json; version=1',
      contentUrl: feedUrl(origin, feed, null),
      identifier: feed,
    })),
  };
};
