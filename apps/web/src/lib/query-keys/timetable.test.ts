import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { RELOADS, reloadTimetable, timetableKeys } from './timetable.ts';

/** Spec §4 "Reloading happens only for ad-hoc (v1) or resource (v2) categories" (docs/timetable-screens.md "Reloading"). */
// fixed-date: cache keys only, never compared with the clock
const DAY = '2026-11-23';

const setUp = () => {
  const queryClient = new QueryClient();
  const fetched: string[] = [];
  const day = (activity: string, reloads: boolean) => {
    const queryKey = timetableKeys.entries('bury', activity, DAY, 'timetable', 'v1');
    const options = { queryKey, meta: { [RELOADS]: reloads }, queryFn: () => (fetched.push(activity), [activity]), staleTime: Infinity };
    return { queryKey, options };
  };
  return { queryClient, fetched, day };
};

describe('reloadTimetable', () => {
  it('fetches again only the days that reload; a class day on screen is kept and not fetched', async () => {
    const { queryClient, fetched, day } = setUp();
    const yoga = day('yoga', false);
    const badminton = day('badminton', true);
    const observers = [new QueryObserver(queryClient, yoga.options), new QueryObserver(queryClient, badminton.options)];
    const stop = observers.map((observer) => observer.subscribe(() => {}));
    await Promise.all(observers.map((observer) => observer.refetch()));
    fetched.length = 0;

    await reloadTimetable(queryClient);
    expect(fetched).toEqual(['badminton']);
    expect(queryClient.getQueryData(yoga.queryKey)).toEqual(['yoga']);
    expect(queryClient.getQueryState(yoga.queryKey)?.isInvalidated).toBe(false);
    stop.forEach((unsubscribe) => unsubscribe());
  });

  it('drops a class day no one is looking at (fetched afresh when next shown), marks a reloading one stale, and leaves the dates', async () => {
    const { queryClient, fetched, day } = setUp();
    const yoga = day('yoga', false);
    const badminton = day('badminton', true);
    await queryClient.fetchQuery(yoga.options);
    await queryClient.fetchQuery(badminton.options);
    queryClient.setQueryData(timetableKeys.dates('bury', 'yoga'), [DAY]);
    fetched.length = 0;

    await reloadTimetable(queryClient);
    expect(queryClient.getQueryCache().find({ queryKey: yoga.queryKey, exact: true })).toBeUndefined();
    expect(queryClient.getQueryState(badminton.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(timetableKeys.dates('bury', 'yoga'))?.isInvalidated).toBe(false);
    expect(fetched).toEqual([]);
  });

  it('fetches a class day again when its fetch was in flight at the change (that answer may predate it)', async () => {
    const queryClient = new QueryClient();
    const queryKey = timetableKeys.entries('bury', 'yoga', DAY, 'timetable', 'v1');
    let version = 0;
    const answers: { resolve: (value: string[]) => void }[] = [];
    const queryFn = () => {
      const asked = ++version;
      return new Promise<string[]>((resolve) => answers.push({ resolve: () => resolve([`yoga read ${asked}`]) }));
    };
    const observer = new QueryObserver(queryClient, { queryKey, meta: { [RELOADS]: false }, queryFn, staleTime: Infinity });
    const stop = observer.subscribe(() => {});
    answers.shift()!.resolve([]);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKey)).toEqual(['yoga read 1']));
    // A second read (the one a login starts) is on its way when the basket changes.
    void observer.refetch();
    expect(queryClient.getQueryState(queryKey)?.fetchStatus).toBe('fetching');
    const reload = reloadTimetable(queryClient);
    // Both reads answer; only the one started after the change is kept.
    answers.forEach((answer) => answer.resolve([]));
    await reload;
    expect(version).toBe(3);
    expect(queryClient.getQueryData(queryKey)).toEqual(['yoga read 3']);
    stop();
  });
});
