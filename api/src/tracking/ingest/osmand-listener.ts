/**
 * The OsmAnd device server: a plain HTTP server on its own port (not the API's Fastify: a phone
 * reports every few seconds and needs none of the API's plugins). A request is answered 200 only
 * once its position is stored; a command queued for the device rides back as the answer's body.
 */
import http from 'node:http';
import type { Queryable } from '../../db/database';
import type { DeviceRegistry } from './device-registry';
import { listenOn, type Listener } from './device-listener';
import type { IngestLog } from './ingest-log';
import { withLastFix } from './last-fix';
import { decodeOsmAnd, OsmAndInputError, type OsmAndMessage } from './osmand-decoder';
import { UnknownDeviceError, type PositionWriter } from './position-writer';
import { commandText, type CommandQueue } from './queued-commands';

export interface OsmAndListenerOptions {
  port: number;
  host: string;
  db: Queryable;
  registry: DeviceRegistry;
  writer: PositionWriter;
  commands: CommandQueue;
  log: IngestLog;
}

/** Far more than any report holds (a JSON report is under 1 kB). */
const MAX_BODY_BYTES = 64 * 1024;
/** A client that has not sent its whole request by then is cut off (a slow-loris holds no socket for long). */
const REQUEST_TIMEOUT_MS = 30_000;
const CLOSE_GRACE_MS = 5_000;

class HttpAnswer extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The body as text; one over MAX_BODY_BYTES is read to its end (so the client hears the answer) but not kept. */
function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      reject(new HttpAnswer(413, 'The request body is too large'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      size > MAX_BODY_BYTES
        ? reject(new HttpAnswer(413, 'The request body is too large'))
        : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', reject);
  });
}

function unknownDevice(message: OsmAndMessage): HttpAnswer {
  return new HttpAnswer(message.form === 'json' ? 404 : 400, 'Unknown device');
}

export async function startOsmAndListener(options: OsmAndListenerOptions): Promise<Listener> {
  const { db, registry, writer, commands, log } = options;
  const inFlight = new Set<Promise<void>>();

  /** Decodes, stores and (query form, as Traccar) takes a queued command; resolves to the answer's body. */
  async function handle(request: http.IncomingMessage): Promise<string> {
    if (request.method !== 'GET' && request.method !== 'POST') throw new HttpAnswer(405, 'Use GET or POST');
    const body = await readBody(request);
    const message = decodeOsmAnd({ url: request.url ?? '/', contentType: request.headers['content-type'], body });
    const device = await registry.find(message.uniqueId);
    if (!device || device.disabled) throw unknownDevice(message);
    const position = message.hasFix ? message.position : await withLastFix(db, device.deviceId, message.position);
    try {
      await writer.write([position]);
    } catch (error) {
      if (error instanceof UnknownDeviceError) throw unknownDevice(message);
      throw new HttpAnswer(503, 'The position could not be stored; send it again');
    }
    if (message.form === 'json') return '';
    const command = await commands.take(device.deviceId).catch((error: Error) => {
      log.warn(`OsmAnd: queued commands of device ${device.deviceId} could not be read: ${error.message}`);
      return null;
    });
    return command ? commandText(command) : '';
  }

  function answer(response: http.ServerResponse, status: number, body: string) {
    if (response.headersSent || response.destroyed) return;
    response.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      // A refused oversized body is not read: the connection cannot carry another request.
      ...(status === 413 ? { connection: 'close' } : {}),
    });
    response.end(body);
  }

  const server = http.createServer((request, response) => {
    const work = handle(request)
      .then((body) => answer(response, 200, body))
      .catch((error: unknown) => {
        if (error instanceof OsmAndInputError) return answer(response, 400, error.message);
        if (error instanceof HttpAnswer) return answer(response, error.status, error.message);
        log.error(`OsmAnd: a request failed: ${(error as Error).message}`);
        answer(response, 500, 'Internal error');
      })
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const port = await listenOn(server, options.port, options.host, { protocol: 'OsmAnd', variable: 'OSMAND_PORT' });
  server.on('error', (error) => log.error(`OsmAnd server error: ${error.message}`));

  return {
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
      await Promise.race([Promise.allSettled([...inFlight]), grace]);
      server.closeAllConnections();
      await closed;
    },
  };
}
