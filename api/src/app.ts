/** Assembles the API: one Fastify instance, zod validation, OpenAPI, the guard, and a plugin per domain. */
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifySchema } from 'fastify';
import { trackHandling } from './http/handling-tracker';
import { installIdempotentRequests } from './http/idempotent-requests';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { createTokenService } from './auth/tokens';
import { installGuard } from './auth/guard';
import { installErrorHandler, routerRefusal } from './http/error-handler';
import { installInputGuard } from './http/input-guard';
import { installResponseCheck } from './http/response-check';
import { loggableError, loggedUrl, rememberAddress } from './http/log-redaction';
import { corsOptions, installSecurityHeaders } from './http/security-headers';
import { createMailer } from './mail/mailer';
import { createRealtime } from './realtime/realtime';
import { createPrincipalCache } from './auth/principal-cache';
import { createCallerPolicies } from './auth/caller-policies';
import { createThrottle } from './http/throttle';
import { seedReferenceData } from './seed/reference-data';
import { seedDemoData } from './seed/demo-data';
import { seedDemoListingPhotos } from './seed/demo-listing';
import { seedVolumeActivities } from './seed/volume-activities';
import { seedVolumeUsers } from './seed/volume-users';
import { authRoutes } from './modules/auth/auth-routes';
import { usersRoutes } from './modules/users/users-routes';
import { userPasswordRoutes } from './modules/users/user-password-routes';
import { userReportRoutes } from './modules/users/user-report-routes';
import { rolesRoutes } from './modules/roles/roles-routes';
import { tenantsRoutes } from './modules/tenants/tenants-routes';
import { notificationsRoutes } from './modules/notifications/notifications-routes';
import { agentRoutes } from './modules/agent/agent-routes';
import { configRoutes } from './modules/config/config-routes';
import { mapRoutes } from './modules/map/map-routes';
import { firebaseRoutes } from './modules/firebase/firebase-routes';
import { errorLogRoutes } from './modules/error-log/error-log-routes';
import { statsRoutes } from './modules/stats/stats-routes';
import { fieldAgentRoutes } from './modules/field-agent/field-agent-routes';
import { healthRoutes } from './modules/health/health-routes';
import { ipAddressesRoutes } from './modules/ip-addresses/ip-addresses-routes';
import { apiUsersRoutes } from './modules/api-users/api-users-routes';
import { apiKeyResolver } from './modules/api-users/api-key-principal';
import { apiKeyNetworkPolicy } from './modules/ip-addresses/allow-list';
import { templatesRoutes } from './modules/templates/templates-routes';
import { locationsRoutes } from './modules/locations/locations-routes';
import { settingsRoutes } from './modules/settings/settings-routes';
import { tenantProductsRoutes } from './modules/tenant-products/tenant-products-routes';
import { loanProductsRoutes } from './modules/loan-products/loan-products-routes';
import { loansRoutes } from './modules/loans/loans-routes';
import { loanPaymentsRoutes } from './modules/loan-payments/loan-payments-routes';
import { portfolioReportsRoutes } from './modules/portfolio-reports/portfolio-reports-routes';
import { salesAgentReportRoutes } from './modules/sales-agent-report/sales-agent-report-routes';
import { reportRunsRoutes } from './modules/report-runs/report-runs-routes';
import { reportCategoriesRoutes } from './modules/report-categories/report-categories-routes';
import { customReportsRoutes } from './modules/custom-reports/custom-reports-routes';
import { loanConsentsRoutes } from './modules/loan-consents/loan-consents-routes';
import { seedDemoConsents } from './seed/demo-consents';
import { makerCheckerRoutes } from './modules/maker-checker/maker-checker-routes';
import { ussdRoutes } from './modules/ussd/ussd-routes';
import { csvImportsRoutes } from './modules/csv-imports/csv-imports-routes';
import { clientsRoutes } from './modules/clients/clients-routes';
import { leadsRoutes } from './modules/leads/leads-routes';
import { activitiesRoutes } from './modules/activities/activities-routes';
import { activityPlansRoutes } from './modules/activity-plans/activity-plans-routes';
import { agentDayRoutes } from './modules/agent/agent-day-routes';
import { agentReportRoutes } from './modules/agent/agent-report-routes';
import { teamsRoutes } from './modules/teams/teams-routes';
import { targetsRoutes } from './modules/targets/targets-routes';
import { casesRoutes } from './modules/cases/cases-routes';
import { geoDevicesRoutes } from './modules/geo-devices/geo-devices-routes';
import { geoPositionsRoutes } from './modules/geo-devices/geo-positions-routes';
import { geofencesRoutes } from './modules/geofences/geofences-routes';
import { vehiclesRoutes } from './modules/vehicles/vehicles-routes';
import { vehiclePhotosRoutes } from './modules/vehicles/vehicle-photos-routes';
import { repossessionsRoutes } from './modules/repossessions/repossessions-routes';
import { bluebookRoutes } from './modules/bluebook/bluebook-routes';
import { repossessionListingRoutes } from './modules/public-listing/repossession-listing-routes';
import { publicListingRoutes } from './modules/public-listing/public-listing-routes';
import { bidsRoutes } from './modules/bids/bids-routes';
import { dispatchesRoutes } from './modules/dispatches/dispatches-routes';
import { spottersRoutes } from './modules/spotters/spotters-routes';
import { thirdPartiesRoutes } from './modules/third-parties/third-parties-routes';
import { sightingsRoutes } from './modules/sightings/sightings-routes';
import { sightingPhotosRoutes } from './modules/sightings/sighting-photos-routes';
import { wantedRoutes } from './modules/sightings/wanted-routes';
import { deviceGeofencesRoutes } from './modules/geofences/device-geofences-routes';
import { geoCommandsRoutes } from './modules/geo-commands/geo-commands-routes';
import { geoEventsRoutes } from './modules/geo-events/geo-events-routes';
import { geoCrashesRoutes } from './modules/geo-crashes/geo-crashes-routes';
import { driversRoutes } from './modules/drivers/drivers-routes';
import { deviceTripsRoutes } from './modules/device-trips/device-trips-routes';
import { countriesRoutes } from './modules/countries/countries-routes';
import { geocodingRoutes } from './modules/geocoding/geocoding-routes';
import { trackingNotificationsRoutes } from './modules/tracking-notifications/tracking-notifications-routes';
import { assetsRoutes } from './modules/assets/assets-routes';
import { assetEventsRoutes } from './modules/assets/asset-events-routes';
import { fleetReportsRoutes } from './modules/fleet-reports/fleet-reports-routes';
import { assetCatalogueRoutes } from './modules/assets/asset-catalogue-routes';
import { assetPhotosRoutes } from './modules/assets/asset-photos-routes';
import { workbenchRoutes } from './modules/workbench/workbench-routes';
import { shareLinksRoutes } from './modules/share-links/share-links-routes';
import { serveWebApp } from './web/web-app';
import { geoServiceRoutes } from './modules/geo-service/geo-service-routes';
import { startDeviceServers, type DeviceServers } from './tracking/device-servers';
import { createPositionProcessor } from './tracking/processing/position-processor';
import { devicesChanged, eventActionsChanged, geofencesChanged } from './tracking/tracking-changes';
import { startDemoSimulator, type Simulator } from './tracking/simulator/simulator';
import { startArrearsRefresh, type ArrearsRefresh } from './modules/loans/arrears-refresh';
import { createJobQueue } from './jobs/job-queue';
import { scheduledReportsRoutes } from './modules/scheduled-reports/scheduled-reports-routes';
import { registerScheduledReportJobs } from './modules/scheduled-reports/scheduled-report-registration';
import type { ReportFileMaker } from './modules/scheduled-reports/report-file-maker';
import { reportRegistryOf } from './modules/report-runs/report-runs-routes';
import { createScheduledRunMaker } from './modules/report-runs/scheduled-run-maker';

/** One served route as the API declared it: what the permission matrix and the input fuzz walk. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every /api route with its guard config and schemas, in registration order. */
  routes: RouteEntry[];
  /** Starts listening and attaches the socket server, then starts the device servers (unless DEVICE_SERVERS=false). */
  listen(): Promise<string>;
  /** The device servers' ports once listen() started them; null before, or when they are turned off. */
  deviceServers: DeviceServers | null;
  close(): Promise<void>;
}

/** How long a shutdown waits for handlers still running before it closes the database. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface BuildOptions {
  db?: Database;
  logger?: boolean;
  /** Where the log goes instead of stdout (a test reads it back). */
  logStream?: NodeJS.WritableStream;
  serveWeb?: boolean;
  /**
   * The geo service (`npm run geo-service`): the tracking routes, the spec's second geo interface
   * under /api/geo-service and the device listeners, without the rest of the back office or the web app.
   */
  geoService?: boolean;
  /**
   * What makes scheduled reports' files instead of the product's own (the report runs' engine, run as the
   * schedule's user): tests wrap the product's to make a run fail or wait (test/support/held-report-file-maker.ts).
   */
  reportFileMaker?: ReportFileMaker;
}

/** Scheduled reports' files: made by the report runs' engine, from the same reports the socket's runs may name. */
const reportFileMakerOf = (options: BuildOptions, dataDir: string, log: (msg: string) => void): ReportFileMaker =>
  options.reportFileMaker ?? createScheduledRunMaker({ dataDir, registry: reportRegistryOf(), log });

/** The tracking part of the API: what the geo service serves too. */
const TRACKING_ROUTES = [
  geoDevicesRoutes,
  geoPositionsRoutes,
  geofencesRoutes,
  deviceGeofencesRoutes,
  geoCommandsRoutes,
  geoEventsRoutes,
  geoCrashesRoutes,
  driversRoutes,
  deviceTripsRoutes,
  countriesRoutes,
  geocodingRoutes,
  trackingNotificationsRoutes,
  assetsRoutes,
  assetEventsRoutes,
  assetCatalogueRoutes,
  assetPhotosRoutes,
  workbenchRoutes,
  shareLinksRoutes,
  fleetReportsRoutes,
];

const BACK_OFFICE_ROUTES = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  userPasswordRoutes,
  userReportRoutes,
  rolesRoutes,
  tenantsRoutes,
  notificationsRoutes,
  agentRoutes,
  configRoutes,
  firebaseRoutes,
  errorLogRoutes,
  statsRoutes,
  fieldAgentRoutes,
  ipAddressesRoutes,
  apiUsersRoutes,
  templatesRoutes,
  locationsRoutes,
  settingsRoutes,
  tenantProductsRoutes,
  vehiclesRoutes,
  vehiclePhotosRoutes,
  repossessionsRoutes,
  bluebookRoutes,
  repossessionListingRoutes,
  publicListingRoutes,
  bidsRoutes,
  dispatchesRoutes,
  spottersRoutes,
  thirdPartiesRoutes,
  sightingsRoutes,
  sightingPhotosRoutes,
  wantedRoutes,
  loanProductsRoutes,
  loansRoutes,
  loanPaymentsRoutes,
  portfolioReportsRoutes,
  salesAgentReportRoutes,
  reportRunsRoutes,
  reportCategoriesRoutes,
  customReportsRoutes,
  scheduledReportsRoutes,
  loanConsentsRoutes,
  makerCheckerRoutes,
  ussdRoutes,
  csvImportsRoutes,
  clientsRoutes,
  leadsRoutes,
  activitiesRoutes,
  activityPlansRoutes,
  agentDayRoutes,
  agentReportRoutes,
  teamsRoutes,
  targetsRoutes,
  casesRoutes,
  ...TRACKING_ROUTES,
  mapRoutes,
];

/** Sign-in stays with the back office; the geo service checks the tokens it issued (one database). Field agents' tracks answer usertraking. */
const GEO_SERVICE_ROUTES = [healthRoutes, fieldAgentRoutes, ...TRACKING_ROUTES];

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.pgPoolSize }));
  await migrate(db);
  await seedReferenceData(db);
  if (config.seedDemo) await seedDemoData(db, { loans: config.demoLoans });
  if (config.seedDemo && config.volumeUsers) await seedVolumeUsers(db, config.volumeUsers);
  if (config.seedDemo && config.volumeActivities) await seedVolumeActivities(db, config.volumeActivities);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.refreshToken', 'body.token'],
            serializers: { req: (req) => ({ method: req.method, url: loggedUrl(req), ip: req.ip }), err: loggableError },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Id lists travel in the path (/activities/list/{ids}, /users/list/{ids}): room for 500 ids.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 37 * 500 },
    trustProxy: config.trustProxy,
    frameworkErrors: routerRefusal,
  }).withTypeProvider<ZodTypeProvider>();

  const log = (msg: string) => app.log.warn(msg);
  // The listing demo's photos are files under DATA_DIR, drawn once per database (demo-listing.ts). They
  // come with the demo's live parts (SIMULATOR), which the tests switch off: a test server never writes them.
  if (config.seedDemo && config.simulator) await seedDemoListingPhotos(db, config.dataDir, log);
  // The consent forms demo keeps its signatures under DATA_DIR too (demo-consents.ts), and comes the same way.
  if (config.seedDemo && config.simulator) await seedDemoConsents(db, config.dataDir);
  const tokens = await createTokenService(db, config.jwtSecret, config.accessTokenTtlSeconds);
  const principals = createPrincipalCache(config.principalCacheTtlMs);
  const ctx: AppContext = {
    config,
    db,
    tokens,
    mailer: createMailer(db, config.smtpUrl, config.mailFrom, log, config.dataDir),
    realtime: createRealtime(
      db,
      tokens,
      { redisUrl: config.redisUrl, redisKey: config.realtimeRedisKey },
      log,
      principals,
      config.corsOrigins,
    ),
    principals,
    throttle: await createThrottle(config.redisUrl, { keyPrefix: config.throttleKeyPrefix, log }),
    callers: createCallerPolicies(),
    jobs: createJobQueue(db, { pollSeconds: config.jobsPollSeconds, log }),
  };
  registerScheduledReportJobs(ctx.jobs, {
    db,
    mailer: ctx.mailer,
    dataDir: config.dataDir,
    maker: reportFileMakerOf(options, config.dataDir, log),
  });
  // The guard knows API keys and network allow-lists only through what their modules register here.
  ctx.callers.useApiKeys(apiKeyResolver);
  ctx.callers.useNetworkPolicy(apiKeyNetworkPolicy);

  // Before the shutdown tracker, whose onSend must run after the one that keeps idempotent answers.
  installIdempotentRequests(app, db);
  const handling = trackHandling(app);
  app.setValidatorCompiler(validatorCompiler);
  // Declared response schemas document and check answers (route-answers.ts) but never shape them:
  // an answer is serialized as it was before any was declared, and no field is stripped or coerced.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (config.checkResponses) installResponseCheck(app);
  installErrorHandler(app);
  installInputGuard(app);
  installSecurityHeaders(app, config);
  // Before the guard: a preflight carries no credentials, and is answered before any check asks for them.
  await app.register(cors, corsOptions(config.corsOrigins));
  installGuard(app, ctx);
  // Parses the refresh cookie (modules/auth/refresh-cookie.ts); unsigned: it is an opaque random token.
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Meridian API',
        version: config.version,
        description: 'Every call answers { result: { success, message }, data, meta.paging }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Contract schemas with an id (`.meta({ id })`) become components the routes' schemas $ref.
    transformObject: jsonSchemaTransformObject,
  });
  // The documentation and everything outside /api (the built web application) are public;
  // every other /api route is signed-in unless it says otherwise.
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    rememberAddress(route.url);
    if (route.url.startsWith('/api/docs') || !route.url.startsWith('/api')) route.config = { ...(route.config ?? {}), public: true };
    else if (route.method !== 'HEAD') {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, config: route.config ?? {}, schema: route.schema });
    }
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const routes of options.geoService ? GEO_SERVICE_ROUTES : BACK_OFFICE_ROUTES) {
        await api.register(routes(ctx));
      }
      if (options.geoService) await api.register(geoServiceRoutes, { prefix: '/geo-service' });
    },
    { prefix: '/api' },
  );
  if (config.webRoot && options.serveWeb !== false && !options.geoService) await serveWebApp(app, config.webRoot, config.remotesFile);

  await app.ready();
  const processor = createPositionProcessor({
    realtime: ctx.realtime,
    log: (m) => app.log.warn(m),
    config: { crashImpactThresholdG: config.crashImpactThresholdG },
    mail: { status: config.smtpUrl ? 'pending' : 'kept', kick: () => ctx.mailer.kick() },
  });
  // What the back office changes reaches processing's and the listeners' caches at once (tracking-changes.ts).
  const unsubscribe = [
    geofencesChanged.on((change) => change.deviceIds.length && processor.invalidateGeofences(change.deviceIds)),
    eventActionsChanged.on(() => processor.invalidateEventRules()),
    devicesChanged.on((change) => change.uniqueIds.forEach((uniqueId) => built.deviceServers?.registry.forget(uniqueId))),
  ];
  let simulator: Simulator | null = null;
  let arrearsRefresh: ArrearsRefresh | null = null;
  const built: BuiltApp = {
    app,
    ctx,
    routes,
    deviceServers: null,
    async listen() {
      const address = await app.listen({ port: config.port, host: config.host });
      await ctx.realtime.attach(app.server);
      arrearsRefresh = startArrearsRefresh(db, config.arrearsRefreshMinutes, (m) => app.log.warn(m));
      // Scheduled reports (and later messages): not in a process serving only the tracking side.
      if (!options.geoService) ctx.jobs.start();
      if (config.deviceServers) {
        built.deviceServers = await startDeviceServers({
          db,
          config,
          processor,
          log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) },
        });
        if (config.simulator && config.seedDemo)
          simulator = await startDemoSimulator(db, config, built.deviceServers, (m) => app.log.warn(m));
      }
      return address;
    },
    async close() {
      // Devices first: what they sent is stored (and processed) while the database is still open.
      await simulator?.stop();
      simulator = null;
      await arrearsRefresh?.close();
      await ctx.jobs.close();
      await built.deviceServers?.close();
      processor.close();
      unsubscribe.forEach((stop) => stop());
      built.deviceServers = null;
      ctx.mailer.close();
      await ctx.realtime.close();
      await app.close();
      // A client that hung up leaves its handler running; the database stays open until it ends.
      await handling.settled(SHUTDOWN_GRACE_MS);
      await ctx.throttle.close();
      if (!options.db) await db.close();
    },
  };
  return built;
}
