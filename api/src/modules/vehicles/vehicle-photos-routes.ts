/**
 * Photos of a vehicle (tracking spec 3 Vehicle photo, 7: POST /vehicles/photo-delete): several uploaded
 * in one multipart call (field 'photo', each resized on the server by the shared photo store), listed,
 * served full size or as a thumbnail, and deleted by id. Every call checks the vehicle as the vehicle
 * routes do, so a photo is reachable exactly when its vehicle is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VEHICLE_PHOTOS, vehiclePhotoDeleteSchema, vehiclePhotoParamsSchema, vehiclePhotoSchema } from '@meridian/shared/contract/vehicle';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import type { TenantScope } from '../../auth/principal';
import {
  acceptPhotoUploads,
  NO_PHOTO,
  photoStore,
  resizePhoto,
  uploadedPhotos,
  type PhotoVariant,
  type ResizedPhoto,
} from '../../files/photo-store';
import { fieldError, notFound } from '../../http/errors';
import { ok } from '../../http/envelope';
import { answers, binaryAnswer } from '../../http/route-answers';
import { sqlParams } from '../../db/sql-params';
import { VEHICLE_EDITORS, VEHICLE_READERS, vehicleVisible, visibleVehicle } from './vehicle-access';
import { photoRowsByIds, photosOfVehicle } from './vehicle-photo-rows';

const idParams = z.object({ id: idSchema });
const CONSUMES = ['multipart/form-data', 'application/json'];
const IMAGE_TYPES = ['image/jpeg', 'image/webp'];

interface StoredPhoto {
  id: string;
  vehicleId: string;
  storedName: string;
  contentType: string;
}

/** The photo if its vehicle is visible to the caller (and, when given, is that vehicle), else 404. */
async function visiblePhoto(q: Queryable, scope: TenantScope, photoId: string, vehicleId?: string) {
  const p = sqlParams([photoId]);
  const row = await q.one<StoredPhoto>(
    `select ph.id, ph.vehicle_id as "vehicleId", ph.stored_name as "storedName", ph.content_type as "contentType"
     from vehicle_photos ph join vehicles v on v.id = ph.vehicle_id
     where ph.id = $1 and ${vehicleVisible(scope, p)}${vehicleId ? ` and ph.vehicle_id = ${p.add(vehicleId)}` : ''}`,
    p.values,
  );
  if (!row) throw notFound('Photo');
  return row;
}

export const vehiclePhotosRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['vehicles'];
    const store = photoStore(ctx.config.dataDir, 'vehicles', (message) => app.log.warn(message));
    await acceptPhotoUploads(app, VEHICLE_PHOTOS.maxPerUpload);

    app.get(
      '/vehicles/:id/photos',
      { config: VEHICLE_READERS, schema: { tags, params: idParams, response: answers(z.array(vehiclePhotoSchema)) } },
      async (request) => ok(await photosOfVehicle(db, (await visibleVehicle(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/vehicles/:id/photos',
      {
        config: VEHICLE_EDITORS,
        schema: { tags, consumes: CONSUMES, params: idParams, response: answers(z.array(vehiclePhotoSchema), { status: 201 }) },
      },
      async (request, reply) => {
        const vehicle = await visibleVehicle(db, request.scope, request.params.id);
        const uploads = uploadedPhotos(request);
        if (uploads.length === 0) throw fieldError(VEHICLE_PHOTOS.field, NO_PHOTO);
        // Every photo is decoded before any is kept: one bad file refuses the call and stores nothing.
        const photos: { fileName: string; photo: ResizedPhoto }[] = [];
        for (const upload of uploads) photos.push({ fileName: upload.fileName, photo: await resizePhoto(upload.data) });
        const stored: string[] = [];
        try {
          for (const { photo } of photos) stored.push(await store.write(vehicle.id, photo));
          const ids = await db.tx(async (q) => {
            const locked = await visibleVehicle(q, request.scope, vehicle.id, { lock: true });
            const count = await q.one<{ n: number }>(`select count(*)::int as n from vehicle_photos where vehicle_id = $1`, [locked.id]);
            if (count!.n + photos.length > VEHICLE_PHOTOS.maxPerVehicle)
              throw fieldError(VEHICLE_PHOTOS.field, `A vehicle holds at most ${VEHICLE_PHOTOS.maxPerVehicle} photos: delete some first.`);
            const made: string[] = [];
            for (const [i, { fileName, photo }] of photos.entries()) {
              const row = await q.one<{ id: string }>(
                `insert into vehicle_photos (vehicle_id, tenant_id, file_name, stored_name, content_type, width, height, size_bytes,
                   thumb_width, thumb_height, thumb_size_bytes, uploaded_by_user_id)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
                [
                  locked.id,
                  locked.tenant_id,
                  fileName,
                  stored[i],
                  photo.contentType,
                  photo.full.width,
                  photo.full.height,
                  photo.full.data.length,
                  photo.thumb.width,
                  photo.thumb.height,
                  photo.thumb.data.length,
                  request.principal.userId,
                ],
              );
              made.push(row!.id);
            }
            return made;
          });
          reply.status(201);
          return ok(await photoRowsByIds(db, ids), photos.length === 1 ? 'Photo added.' : `${photos.length} photos added.`);
        } catch (error) {
          // The rows were not stored: their files go too.
          for (const name of stored) store.discard(vehicle.id, name);
          throw error;
        }
      },
    );

    app.post(
      '/vehicles/photo-delete',
      { config: VEHICLE_EDITORS, schema: { tags, body: vehiclePhotoDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        const photo = await visiblePhoto(db, request.scope, request.body.id);
        await db.query(`delete from vehicle_photos where id = $1`, [photo.id]);
        store.discard(photo.vehicleId, photo.storedName);
        return ok(null, 'Photo deleted.');
      },
    );

    for (const [suffix, variant] of [
      ['', 'full'],
      ['/thumbnail', 'thumb'],
    ] as const satisfies readonly (readonly [string, PhotoVariant])[]) {
      app.get(
        `/vehicles/:id/photos/:photoId${suffix}`,
        { config: VEHICLE_READERS, schema: { tags, params: vehiclePhotoParamsSchema, response: binaryAnswer(IMAGE_TYPES) } },
        async (request, reply) => {
          const photo = await visiblePhoto(db, request.scope, request.params.photoId, request.params.id);
          const file = await store.open(photo.vehicleId, photo.storedName, variant);
          if (!file) throw notFound('The file of this photo');
          return reply
            .header('content-type', photo.contentType)
            .header('content-length', file.size)
            .header('cache-control', 'private, max-age=86400')
            .header('x-content-type-options', 'nosniff')
            .send(file.stream);
        },
      );
    }
  };
