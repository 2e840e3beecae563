/**
 * The photo of a sighting: sent after the sighting as one multipart file (field 'photo'; a second replaces
 * the first), resized and kept by the shared photo store, served full size or as a thumbnail to whoever
 * sees the sighting (sighting-access.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSET_PHOTOS } from '@meridian/shared/contract/asset';
import { sightingSchema } from '@meridian/shared/contract/sighting';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { acceptPhotoUploads, NO_PHOTO, photoStore, resizePhoto, uploadedPhoto, type PhotoVariant } from '../../files/photo-store';
import { fieldError, notFound } from '../../http/errors';
import { ok } from '../../http/envelope';
import { answers, binaryAnswer } from '../../http/route-answers';
import { SIGHTING_EDITORS, SIGHTING_READERS, sightingCaller, visibleSighting } from './sighting-access';
import { sightingById } from './sighting-read';
import { assertMayChange } from './sighting-write';

const idParams = z.object({ id: idSchema });
const CONSUMES = ['multipart/form-data', 'application/json'];
const IMAGE_TYPES = ['image/jpeg', 'image/webp'];

export const sightingPhotosRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['vehicles sightings'];
    const store = photoStore(ctx.config.dataDir, 'sightings', (message) => app.log.warn(message));
    await acceptPhotoUploads(app, 1);

    app.post(
      '/vehicles/sightings/:id/photo',
      { config: SIGHTING_EDITORS, schema: { tags, consumes: CONSUMES, params: idParams, response: answers(sightingSchema) } },
      async (request) => {
        const caller = await sightingCaller(db, request.principal, request.scope);
        const sighting = await visibleSighting(db, caller, request.params.id);
        assertMayChange(caller, sighting);
        const upload = uploadedPhoto(request);
        if (!upload) throw fieldError(ASSET_PHOTOS.field, NO_PHOTO);
        const photo = await resizePhoto(upload.data);
        const stored = await store.write(sighting.id, photo);
        try {
          const replaced = await db.tx(async (q) => {
            const locked = await visibleSighting(q, caller, sighting.id, { lock: true });
            await q.query(
              `update vehicle_sightings set photo_stored_name = $1, photo_content_type = $2, date_modified = now() where id = $3`,
              [stored, photo.contentType, locked.id],
            );
            return locked.photo_stored_name;
          });
          if (replaced) store.discard(sighting.id, replaced);
        } catch (error) {
          store.discard(sighting.id, stored);
          throw error;
        }
        return ok(await sightingById(db, sighting.id), 'Photo added.');
      },
    );

    for (const [suffix, variant] of [
      ['', 'full'],
      ['/thumbnail', 'thumb'],
    ] as const satisfies readonly (readonly [string, PhotoVariant])[]) {
      app.get(
        `/vehicles/sightings/:id/photo${suffix}`,
        { config: SIGHTING_READERS, schema: { tags, params: idParams, response: binaryAnswer(IMAGE_TYPES) } },
        async (request, reply) => {
          const caller = await sightingCaller(db, request.principal, request.scope);
          const sighting = await visibleSighting(db, caller, request.params.id);
          const file =
            sighting.photo_stored_name && sighting.photo_content_type
              ? await store.open(sighting.id, sighting.photo_stored_name, variant)
              : null;
          if (!file || !sighting.photo_content_type) throw notFound('The photo of this sighting');
          return reply
            .header('content-type', sighting.photo_content_type)
            .header('content-length', file.size)
            .header('cache-control', 'private, max-age=86400')
            .header('x-content-type-options', 'nosniff')
            .send(file.stream);
        },
      );
    }
  };
