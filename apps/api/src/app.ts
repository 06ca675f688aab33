import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './lib/config.ts';
import type { Db } from './db/connect.ts';
import { applySpecLengthMessages } from '@app/contract/errors/length-messages';
import { registerErrorHandler } from './lib/error-handler.ts';
import { responseSerializerCompiler } from './lib/serializer.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { RequestLogController } from './lib/request-log.ts';
import { tenantPlugin } from './modules/client/plugin.ts';
import { authPlugin } from './modules/auth/plugin.ts';
import { jsonBodyPlugin } from './lib/json-body.ts';
import { nullBytePlugin } from './lib/null-bytes.ts';
import { noStorePlugin } from './lib/no-store.ts';
import { availabilityHubPlugin } from './plugins/availability-hub.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { venueRoutes } from './modules/venues/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { geocodingRoutes } from './modules/geocoding/routes.ts';
import { themeRoutes } from './modules/theme/routes.ts';
import { clientRoutes } from './modules/client/routes.ts';
import { footerRoutes } from './modules/footer/routes.ts';
import { timetableRoutes } from './modules/timetable/routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { spaRoutes } from './modules/spa/routes.ts';
import { basketRoutes } from './modules/basket/routes.ts';
import { applyCredits } from './modules/basket/service.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { holdingsRoutes } from './modules/holdings/routes.ts';
import { membershipsRoutes } from './modules/memberships/routes.ts';
import { waitlistRoutes } from './modules/waitlist/routes.ts';
import { paymentsRoutes, simulatorRoutes } from './modules/payments/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { fohRoutes } from './modules/foh/routes.ts';
import { termsRoutes } from './modules/terms/routes.ts';
import { creditsRoutes } from './modules/credits/routes.ts';
import { questionsRoutes } from './modules/questions/routes.ts';
import { pricingRoutes } from './modules/pricing/routes.ts';
import { bookingsRoutes } from './modules/bookings/routes.ts';
import { coursesRoutes } from './modules/courses/routes.ts';
import { releasesRoutes } from './modules/releases/routes.ts';
import { openactiveRoutes } from './modules/openactive/routes.ts';
import { manageRoutes } from './modules/manage/routes.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    db: Db;
    config: Config;
    appVersion: string;
  }
}

export type BuildAppOptions = {
  config: Config;
  db: Db;
  /** The server's pino logger; tests run without one. */
  logger?: FastifyBaseLogger;
  /** Serve the built SPA bundles (off in API tests). */
  serveWeb?: boolean;
  /** Check every response against its zod schema before writing it (API tests; see lib/serializer.ts). */
  validateResponses?: boolean;
};

export const APP_VERSION = '0.1.0';

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us. */
const trustProxyOption = (trust: Config['TRUST_PROXY']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : (trust ?? false);

/** Builds the whole HTTP app as a plugin tree; server.ts only listens (tests use inject). */
export const buildApp = async ({ config, db, logger, serveWeb = true, validateResponses = false }: BuildAppOptions) => {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Forwarded headers only from the proxies named in TRUST_PROXY (none by default): otherwise
    // anyone could pick their own request.ip (docs/security.md).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // One completion line per request, its level by status and time (lib/request-log.ts).
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    // Time limits (docs/security.md): a whole request, body included, within REQUEST_TIMEOUT_MS
    // (408 or close), headers within 10 s, idle keep-alive sockets closed after
    // KEEP_ALIVE_TIMEOUT_MS (5 s), silent sockets after 60 s; Node checks the first two every second.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: 60_000,
    http: { headersTimeout: Math.min(10_000, config.REQUEST_TIMEOUT_MS), connectionsCheckingInterval: 1_000 },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // Spec §5: a length rule without a message of its own answers 'Must contain exactly / at least /
  // over / at most / under {n} character(s)' (zod's global error map; schema messages still win).
  applySpecLengthMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: validateResponses }));
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('appVersion', APP_VERSION);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Before any route, so every route has them: the one error handler, the JSON body parser that
  // refuses bodies nested too deeply (lib/json-body.ts), and the refusal of NUL characters in
  // every string input (lib/null-bytes.ts).
  registerErrorHandler(app);
  await app.register(jsonBodyPlugin);
  await app.register(nullBytePlugin);

  // Ecosystem plugins first.
  // One CSP for every response; a bookings page names the tag manager only when the client has a
  // container, and may be framed only by the client's frame_ancestors (modules/spa/routes.ts,
  // docs/security.md "Issue 22"). HSTS only over HTTPS.
  await app.register(securityHeaders, {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'https://api.mapbox.com'],
      'frame-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    },
    tagManager: {
      'script-src': ['https://www.googletagmanager.com'],
      'frame-src': ['https://www.googletagmanager.com'],
      'connect-src': ['https://www.google-analytics.com'],
    },
    helmet: { crossOriginEmbedderPolicy: false },
  });
  // gzip/brotli for JSON and the SPA's scripts and styles: the home route is ~125 KB gzipped
  // but ~400 KB raw, which matters on a cheap phone's connection.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Leisure bookings API', version: APP_VERSION },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Project plugins. The availability hub first: the tenant cache and route modules watch it.
  await app.register(availabilityHubPlugin);
  await app.register(tenantPlugin);
  await app.register(authPlugin);
  await app.register(noStorePlugin);

  // Route modules.
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(venueRoutes);
  await app.register(catalogueRoutes);
  await app.register(geocodingRoutes);
  await app.register(themeRoutes);
  await app.register(clientRoutes);
  await app.register(footerRoutes);
  await app.register(timetableRoutes);
  await app.register(liveRoutes);
  await app.register(basketRoutes);
  await app.register(waitlistRoutes);
  await app.register(paymentsRoutes);
  await app.register(ordersRoutes);
  await app.register(termsRoutes);
  await app.register(creditsRoutes, { applyCredits });
  await app.register(questionsRoutes);
  await app.register(pricingRoutes);
  await app.register(bookingsRoutes);
  await app.register(coursesRoutes);
  await app.register(releasesRoutes);
  await app.register(simulatorRoutes);
  await app.register(accountRoutes);
  await app.register(holdingsRoutes);
  await app.register(fohRoutes);
  await app.register(membershipsRoutes);
  // The operator console's API (docs/operator-tools.md): managers only.
  await app.register(manageRoutes);
  // OpenActive open data at /openactive (docs/openactive.md), before the SPA's catch-all.
  await app.register(openactiveRoutes, { pageSize: config.OPENACTIVE_PAGE_SIZE });

  if (serveWeb) {
    await app.register(spaRoutes, {
      distDir: config.webDistDir,
      // What the browser may know: base addresses and public map settings, never secrets.
      runtimeConfig: {
        apiBase: config.API_BASE,
        authBase: config.AUTH_BASE,
        activitiesBase: config.ACTIVITIES_BASE,
        checkoutBase: config.CHECKOUT_BASE,
        v1ActivitiesBase: config.V1_ACTIVITIES_BASE,
        fohBase: config.FOH_BASE,
        dashboardBase: config.DASHBOARD_BASE,
        translationsPath: config.TRANSLATIONS_PATH,
        mapTileUrl: config.MAP_TILE_URL,
        sourceRouting: config.SOURCE_ROUTING,
      },
    });
  }
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
