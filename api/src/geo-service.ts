/**
 * Starts the geo service on its own (`npm run geo-service`): the device listeners, processing, the
 * tracking routes under /api/geo and the spec's second geo interface under /api/geo-service, on
 * GEO_SERVICE_PORT (default 8090). It shares the back office's PostgreSQL (DATABASE_URL; an embedded
 * database belongs to one process) and, for live pushes to browsers connected to the back office,
 * its Redis (REDIS_URL). Run the back office with DEVICE_SERVERS=false then, so one process listens
 * to the devices.
 */
import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig(process.env, { port: Number(process.env.GEO_SERVICE_PORT ?? 8090) || 8090 });
const server = await buildApp(config, { geoService: true }).catch((error: Error) => {
  console.error(`The geo service could not start: ${error.message}`);
  process.exit(1);
});
const address = await server.listen();
server.app.log.info(`The geo service is serving on ${address} (database: ${server.ctx.db.kind})`);
if (server.deviceServers)
  server.app.log.info(
    `Device servers: OsmAnd (HTTP) on port ${server.deviceServers.osmandPort}, Teltonika (TCP) on port ${server.deviceServers.teltonikaPort}`,
  );

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.close().catch((error) => console.error(error));
    process.exit(0);
  });
}
