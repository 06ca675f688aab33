import fp from 'fastify-plugin';
import { listenChannel } from '../db/listen.ts';
import { createAvailabilityHub, type AvailabilityHub } from '../lib/availability-hub.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    /**
     * The instance's one availability hub (lib/availability-hub.ts): PostgreSQL LISTEN on the
     * `availability` channel, fanned out to live streams (modules/live), the visitor cache
     * (modules/timetable), the basket's full marks and the tenant cache (modules/client).
     */
    availabilityHub: AvailabilityHub;
  }
}

/**
 * Infrastructure, not a route module's: registered by app.ts with the project plugins, before
 * every module that watches it. The listening connection opens on first use (a subscribe, a
 * watcher's `listening()` check), not here; it closes with the app.
 */
export const availabilityHubPlugin = fp(
  async (app) => {
    const hub: AvailabilityHub = createAvailabilityHub(() =>
      listenChannel(app.db, {
        channel: 'availability',
        onNotification: (payload) => hub.onNote(payload),
        onReconnect: () => {
          app.log.info('availability listener reconnected');
          hub.onReconnect();
        },
        onError: (error) => app.log.warn({ err: error }, 'availability listener connection lost'),
      }),
    );
    app.decorate('availabilityHub', hub);
    app.addHook('onClose', async () => hub.stop());
  },
  { name: 'availability-hub' },
);
