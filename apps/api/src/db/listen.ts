import pg from 'pg';
import { poolOf, type Db } from './connect.ts';

export type ChannelListener = {
  /** Connects and LISTENs if not yet done; resolves once notifications are being received. */
  ready: () => Promise<void>;
  stop: () => Promise<void>;
  /** The listening backend's pid (tests drop it to prove the reconnect). */
  backendPid: () => number | null;
  /** True while LISTENing: every notification committed from now on will arrive. */
  isListening: () => boolean;
};

type ListenOptions = {
  channel: string;
  onNotification: (payload: string) => void;
  /** After a reconnect: notifications sent while disconnected were lost. */
  onReconnect?: () => void;
  onError?: (error: Error) => void;
};

const MAX_BACKOFF_MS = 5_000;

/**
 * One dedicated PostgreSQL connection in LISTEN on `channel`, outside the query pool (a pooled
 * connection would be handed to other queries between notifications). Connected lazily on the
 * first `ready()`; when the connection drops (server restart, failover, terminated backend) it
 * reconnects with backoff (100 ms doubling to 5 s) and LISTENs again, then calls `onReconnect`.
 */
export const listenChannel = (db: Db, { channel, onNotification, onReconnect, onError }: ListenOptions): ChannelListener => {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  const pool = poolOf(db);
  if (!pool) throw new Error('listenChannel needs a Db made by createDb.');
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let stopped = false;
  let hasConnectedBefore = false;
  let backoff = 100;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...pool.options, application_name: `bookings-listen-${channel}` });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotification(message.payload);
    });
    next.on('error', (error) => {
      onError?.(error);
      dropped(next);
    });
    next.on('end', () => dropped(next));
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    backoff = 100;
    if (hasConnectedBefore) onReconnect?.();
    hasConnectedBefore = true;
  };

  const attempt = (): Promise<void> => {
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      attempt().catch((error: unknown) => {
        onError?.(error as Error);
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
        scheduleRetry();
      });
    }, backoff);
    retryTimer.unref();
  };

  function dropped(which: pg.Client) {
    if (client !== which) return;
    client = null;
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    scheduleRetry();
  }

  return {
    ready: async () => {
      if (stopped) throw new Error('The listener is stopped.');
      if (client) return;
      await attempt();
    },
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting?.catch(() => {});
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
    backendPid: () => (client as unknown as { processID?: number } | null)?.processID ?? null,
    isListening: () => client !== null,
  };
};
