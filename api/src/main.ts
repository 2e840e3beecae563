/** Starts the Meridian server: API, realtime socket and (when built) the web application, on one port. */
import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig();
const server = await buildApp(config).catch((error: Error) => {
  console.error(`Meridian could not start: ${error.message}`);
  process.exit(1);
});
const address = await server.listen().catch(async (error: Error) => {
  console.error(`Meridian could not start: ${error.message}`);
  await server.close().catch(() => undefined);
  process.exit(1);
});
server.app.log.info(
  `Meridian is serving on ${address} (database: ${server.ctx.db.kind}${config.databaseUrl ? '' : `, data in ${config.dataDir}`})`,
);
server.app.log.info(
  server.deviceServers
    ? `Device servers: OsmAnd (HTTP) on port ${server.deviceServers.osmandPort}, Teltonika (TCP) on port ${server.deviceServers.teltonikaPort}`
    : 'Device servers: off (DEVICE_SERVERS=false)',
);
server.app.log.info(startupReport());

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    await server.close().catch((error) => console.error(error));
    process.exit(0);
  });
}

/** How long the process took to answer and what it holds then: the figures a restart is judged by. */
function startupReport(): string {
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  return `Started in ${process.uptime().toFixed(1)} s; memory: RSS ${mb(rss)}, heap ${mb(heapUsed)} used of ${mb(heapTotal)}`;
}
