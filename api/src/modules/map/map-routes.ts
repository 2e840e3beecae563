/**
 * The installation's own offline map tiles: a PMTiles archive under DATA_DIR (MAP_PMTILES_FILE),
 * read by the browser's protomaps-leaflet layer in byte ranges.
 *
 * Public, like the built web application: protomaps-leaflet opens the archive by its URL with plain
 * fetch and cannot send the bearer token, and the archive holds basemap data (roads, places,
 * coastlines) that is no tenant's, the same any public tile server gives out.
 */
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { byteRangeOf } from './byte-range';
import { offlineTilesFile } from './offline-tiles-file';
import { binaryAnswer } from '../../http/route-answers';

export const mapRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/map/tiles.pmtiles',
      { config: { public: true }, schema: { tags: ['map'], response: binaryAnswer(['application/vnd.pmtiles'], [200, 206]) } },
      async (request, reply) => {
        const file = await offlineTilesFile(ctx.config);
        if (!file) throw notFound('The offline map');
        const range = byteRangeOf(request.headers.range, file.size);
        reply
          .header('accept-ranges', 'bytes')
          .header('etag', `"${file.size.toString(36)}-${file.modified.getTime().toString(36)}"`)
          .header('last-modified', file.modified.toUTCString())
          // Revalidated on each load, so a replaced archive is never mixed with parts of the old one.
          .header('cache-control', 'no-cache')
          .type('application/vnd.pmtiles');
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${file.size}`);
          throw new AppError(416, ERROR_CODES.VALIDATION, 'The requested range is outside the offline map.');
        }
        if (!range) return reply.header('content-length', file.size).send(fs.createReadStream(file.path));
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(fs.createReadStream(file.path, { start: range.start, end: range.end }));
      },
    );
  };
