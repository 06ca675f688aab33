import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { staleUnlessFromPage } from './page-data.ts';

/**
 * A query that is stale at once (the timetable's day) is not fetched again when the page that
 * carried its answer hydrates (issue 28), but is as soon as it has been fetched once.
 */
const mount = async (client: QueryClient, queryFn: () => Promise<string>, initialData: string | undefined) => {
  const observer = new QueryObserver(client, { queryKey: ['day'], queryFn, initialData, staleTime: staleUnlessFromPage(0) });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  unsubscribe();
  return observer.getCurrentResult();
};

describe('staleUnlessFromPage', () => {
  it("keeps the page's answer on mount, and fetches on every mount after a fetch", async () => {
    const queryFn = vi.fn(async () => 'fetched');
    const client = new QueryClient();
    expect((await mount(client, queryFn, 'from the page')).data).toBe('from the page');
    expect(queryFn).not.toHaveBeenCalled();
    await client.invalidateQueries({ queryKey: ['day'] });
    expect((await mount(client, queryFn, undefined)).data).toBe('fetched');
    expect(queryFn).toHaveBeenCalledTimes(1);
    await mount(client, queryFn, undefined);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('without an answer in the page it fetches at once', async () => {
    const queryFn = vi.fn(async () => 'fetched');
    expect((await mount(new QueryClient(), queryFn, undefined)).data).toBe('fetched');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
