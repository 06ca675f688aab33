import type { App } from '../src/app.ts';

/**
 * Resolves when `app` next drops its kept tenant lookups (migration 0041's note, heard through
 * the availability listener). Take it before the change, await it after: the instance then
 * reads the changed client, host mapping or catalogue version on its next request.
 */
export const nextTenantDrop = (app: App): Promise<void> =>
  new Promise((resolve) => {
    const stop = app.availabilityHub.watchTenants(() => {
      stop();
      resolve();
    });
  });

/**
 * Runs `change` and waits until every instance in `apps` has heard of it. Each instance listens
 * first (until then it keeps nothing, but then the note would never come).
 */
export const changeTenants = async (apps: readonly App[], change: () => Promise<unknown>) => {
  await Promise.all(apps.map((app) => app.availabilityHub.ready()));
  const heard = apps.map(nextTenantDrop);
  await change();
  await Promise.all(heard);
};
