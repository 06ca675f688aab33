import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'a whole number from 1 to 65535' })
  .int('a whole number from 1 to 65535')
  .min(1, 'a whole number from 1 to 65535')
  .max(65535, 'a whole number from 1 to 65535');

const basePath = z
  .string()
  .regex(/^(\/|https?:\/\/)\S*$/, 'a path starting with / or an http(s):// address');

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/\S+$/, 'a postgres:// or postgresql:// connection URL');

const isAddressOrRange = (entry: string) => {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (extra !== undefined || family === 0) return false;
  if (bits === undefined) return true;
  const max = family === 6 ? 128 : 32;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/**
 * Which proxies may set X-Forwarded-For/-Proto/-Host (Fastify's `trustProxy`): unset = none,
 * a hop count (`1` = the nearest proxy), or a comma list of addresses and CIDR ranges.
 */
const trustProxy = z
  .string()
  .transform((value, ctx): number | string[] => {
    const text = value.trim();
    if (/^\d{1,2}$/.test(text) && Number(text) >= 1) return Number(text);
    const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
    if (entries.length && entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({ code: 'custom', message: 'a hop count (1-99) or a comma list of proxy IP addresses / CIDR ranges, e.g. 10.0.0.0/8,127.0.0.1' });
    return z.NEVER;
  })
  .optional();

const ZEnv = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1, 'a host name or IP address to listen on').default('127.0.0.1'),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1, 'a directory path').default('data'),
  EMBEDDED_PG_PORT: port.default(54329),
  // Root only: where PostgreSQL's binaries and cluster go when the postgres user cannot reach the project.
  EMBEDDED_PG_RUNTIME_DIR: z.string().regex(/^\//, 'an absolute directory path').default('/var/lib/leisure-bookings'),
  DEFAULT_CLIENT: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'a client slug (lower-case letters, digits and dashes)')
    .default('active-north-west'),
  PUBLIC_URL: z.url({ error: 'an absolute http(s) URL, e.g. http://localhost:3000' }).optional(),
  // Signs the bookings' check-in QR tokens (docs/front-of-house.md); unset: a random one kept in <DATA_DIR>/checkin-secret.
  CHECKIN_SECRET: z.string().min(32, 'at least 32 characters of secret').optional(),
  API_BASE: basePath.default('/api'),
  AUTH_BASE: basePath.default('/api/auth'),
  ACTIVITIES_BASE: basePath.default('/api/activities'),
  CHECKOUT_BASE: basePath.default('/api/activities/cart'),
  V1_ACTIVITIES_BASE: basePath.default('/api/v1/activities'),
  FOH_BASE: basePath.default('/api/foh'),
  DASHBOARD_BASE: basePath.default('/api/dashboard'),
  TRANSLATIONS_PATH: basePath.default('/locales/{{lng}}/{{ns}}.json'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3, 'an email address or "Name <address>"').default('Bookings <bookings@localhost>'),
  PAYMENT_PROVIDER: z.enum(['simulator'], { error: "one of: simulator" }).default('simulator'),
  // The Direct Debit provider of memberships (docs/memberships.md): the Bacs simulator.
  DIRECT_DEBIT_PROVIDER: z.enum(['directdebit'], { error: 'one of: directdebit' }).default('directdebit'),
  SOURCE_ROUTING: z.enum(['auto', 'subdomain', 'path'], { error: 'one of: auto, subdomain, path' }).default('auto'),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAPBOX_TOKEN: z.string().min(1).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'one of: fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'], { error: 'true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  // Visitors' day timetables kept in memory until a place changes (docs/timetable.md "Visitor read cache").
  TIMETABLE_VISITOR_CACHE: z
    .enum(['true', 'false'], { error: 'true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  // The tenant lookup kept in memory until any instance changes a client or host (docs/catalogue.md "Caching").
  TENANT_CACHE: z
    .enum(['true', 'false'], { error: 'true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  // 'development' (set by `npm run dev`): the demo's bookings pages may be framed by any origin.
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: trustProxy,
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'a whole number of milliseconds from 1000 to 600000' })
    .int('a whole number of milliseconds from 1000 to 600000')
    .min(1000, 'a whole number of milliseconds from 1000 to 600000')
    .max(600_000, 'a whole number of milliseconds from 1000 to 600000')
    .default(30_000),
  // An idle keep-alive connection is closed after this long (docs/security.md "Time limits").
  KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number({ error: 'a whole number of milliseconds from 1000 to 600000' })
    .int('a whole number of milliseconds from 1000 to 600000')
    .min(1000, 'a whole number of milliseconds from 1000 to 600000')
    .max(600_000, 'a whole number of milliseconds from 1000 to 600000')
    .default(5_000),
  // Items per page of an OpenActive RPDE feed (docs/openactive.md).
  OPENACTIVE_PAGE_SIZE: z.coerce
    .number({ error: 'a whole number of items from 1 to 5000' })
    .int('a whole number of items from 1 to 5000')
    .min(1, 'a whole number of items from 1 to 5000')
    .max(5000, 'a whole number of items from 1 to 5000')
    .default(500),
  // Basket holds and waitlist offers (docs/holds.md).
  HOLD_MINUTES: z.coerce
    .number({ error: 'a whole number of minutes from 1 to 1440' })
    .int('a whole number of minutes from 1 to 1440')
    .min(1, 'a whole number of minutes from 1 to 1440')
    .max(1440, 'a whole number of minutes from 1 to 1440')
    .default(15),
  // Sessions end after this long unused, as well as 30 days after login (docs/security.md "Sessions").
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: 'a whole number of minutes from 5 to 43200' })
    .int('a whole number of minutes from 5 to 43200')
    .min(5, 'a whole number of minutes from 5 to 43200')
    .max(43_200, 'a whole number of minutes from 5 to 43200')
    .default(120),
  WAITLIST_OFFER_MINUTES: z.coerce
    .number({ error: 'a whole number of minutes from 1 to 10080' })
    .int('a whole number of minutes from 1 to 10080')
    .min(1, 'a whole number of minutes from 1 to 10080')
    .max(10_080, 'a whole number of minutes from 1 to 10080')
    .default(120),
  // Live availability streams (SSE) open at once per instance: per client address and in all (docs/security.md "Issue 22").
  LIVE_STREAMS_PER_ADDRESS: z.coerce
    .number({ error: 'a whole number from 1 to 10000' })
    .int('a whole number from 1 to 10000')
    .min(1, 'a whole number from 1 to 10000')
    .max(10_000, 'a whole number from 1 to 10000')
    .default(20),
  LIVE_STREAMS_MAX: z.coerce
    .number({ error: 'a whole number from 1 to 1000000' })
    .int('a whole number from 1 to 1000000')
    .min(1, 'a whole number from 1 to 1000000')
    .max(1_000_000, 'a whole number from 1 to 1000000')
    .default(2000),
  // Checkout (docs/checkout.md): how long an authorised card payment may
  // wait for its completion before the reconciliation job completes or voids it.
  PAYMENT_RECONCILE_MINUTES: z.coerce
    .number({ error: 'a whole number of minutes from 1 to 1440' })
    .int('a whole number of minutes from 1 to 1440')
    .min(1, 'a whole number of minutes from 1 to 1440')
    .max(1440, 'a whole number of minutes from 1 to 1440')
    .default(10),
});

export type Config = z.infer<typeof ZEnv> & { dataDir: string; webDistDir: string; isDevelopment: boolean };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Reads and validates configuration; throws ConfigError naming each bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // Empty strings mean "unset" so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}=${JSON.stringify(cleaned[name] ?? '')} is invalid: expected ${issue.message}`;
      }),
    );
  }
  const cfg = result.data;
  return {
    ...cfg,
    dataDir: path.resolve(repoRoot, cfg.DATA_DIR),
    webDistDir: path.resolve(repoRoot, cfg.WEB_DIST_DIR ?? 'apps/web/dist'),
    isDevelopment: cfg.NODE_ENV === 'development',
  };
};

/** The site's address in emails and links sent out of a request: PUBLIC_URL, else this machine's port. */
export const publicUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
