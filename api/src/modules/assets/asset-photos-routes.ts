/**
 * Photos of an asset (issue 19): listed, uploaded (multipart, one photo per call, resized on the
 * server), deleted, and served full size or as a thumbnail. Every call checks the asset as the asset
 * routes do (subtree and group), so a photo is reachable exactly when its asset is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSET_PHOTOS, assetPhotoParamsSchema, assetPhotoSchema } from '@meridian/shared/contract/asset';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { ok } from '../../http/envelope';
import { answers, binaryAnswer } from '../../http/route-answers';
import { ASSET_EDITORS, ASSET_READERS, viewerOf, visibleAsset } from './asset-access';
import { PHOTO_COLUMNS, photoAnswer, type PhotoRow } from './asset-photo-rows';
import { acceptPhotoUploads, NO_PHOTO, photoStore, resizePhoto, uploadedPhoto, type PhotoVariant } from '../../files/photo-store';

const idParams = z.object({ id: idSchema });
const CONSUMES = ['multipart/form-data', 'application/json'];
const IMAGE_TYPES = ['image/jpeg', 'image/webp'];

async function photoRow(q: Queryable, assetId: string, photoId: string) {
  const row = await q.one<PhotoRow & { storedName: string }>(
    `select ${PHOTO_COLUMNS}, ph.stored_name as "storedName" from asset_photos ph where ph.id = $1 and ph.asset_id = $2`,
    [photoId, assetId],
  );
  if (!row) throw notFound('Photo');
  return row;
}

export const assetPhotosRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['tracking assets'];
    const store = photoStore(ctx.config.dataDir, 'assets', (message) => app.log.warn(message));
    await acceptPhotoUploads(app);

    app.get(
      '/geo/assets/:id/photos',
      { config: ASSET_READERS, schema: { tags, params: idParams, response: answers(z.array(assetPhotoSchema)) } },
      async (request) => {
        const asset = await visibleAsset(db, viewerOf(request), request.params.id);
        const rows = await db.query<PhotoRow>(
          `select ${PHOTO_COLUMNS} from asset_photos ph where ph.asset_id = $1 order by ph.date_created, ph.id`,
          [asset.id],
        );
        return ok(rows.map(photoAnswer));
      },
    );

    app.post(
      '/geo/assets/:id/photos',
      {
        config: ASSET_EDITORS,
        schema: { tags, consumes: CONSUMES, params: idParams, response: answers(assetPhotoSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const asset = await visibleAsset(db, viewer, request.params.id);
        const upload = uploadedPhoto(request);
        if (!upload) throw fieldError(ASSET_PHOTOS.field, NO_PHOTO);
        const photo = await resizePhoto(upload.data);
        const storedName = await store.write(asset.id, photo);
        let id: string;
        try {
          id = await db.tx(async (q) => {
            const locked = await visibleAsset(q, viewer, asset.id, { lock: true });
            const count = await q.one<{ n: number }>(`select count(*)::int as n from asset_photos where asset_id = $1`, [locked.id]);
            if (count!.n >= ASSET_PHOTOS.maxPerAsset)
              throw fieldError(ASSET_PHOTOS.field, `An asset holds at most ${ASSET_PHOTOS.maxPerAsset} photos: delete one first.`);
            const row = await q.one<{ id: string }>(
              `insert into asset_photos (asset_id, tenant_id, file_name, stored_name, content_type, width, height, size_bytes,
                 thumb_width, thumb_height, thumb_size_bytes, uploaded_by_user_id)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
              [
                locked.id,
                locked.tenant_id,
                upload.fileName,
                storedName,
                photo.contentType,
                photo.full.width,
                photo.full.height,
                photo.full.data.length,
                photo.thumb.width,
                photo.thumb.height,
                photo.thumb.data.length,
                viewer.userId,
              ],
            );
            return row!.id;
          });
        } catch (error) {
          // The row was not stored: its files go too.
          store.discard(asset.id, storedName);
          throw error;
        }
        reply.status(201);
        return ok(photoAnswer(await photoRow(db, asset.id, id)), 'Photo added.');
      },
    );

    app.delete(
      '/geo/assets/:id/photos/:photoId',
      { config: ASSET_EDITORS, schema: { tags, params: assetPhotoParamsSchema, response: answers(noDataSchema) } },
      async (request) => {
        const asset = await visibleAsset(db, viewerOf(request), request.params.id);
        const photo = await photoRow(db, asset.id, request.params.photoId);
        await db.query(`delete from asset_photos where id = $1`, [photo.id]);
        store.discard(asset.id, photo.storedName);
        return ok(null, 'Photo deleted.');
      },
    );

    for (const [suffix, variant] of [
      ['', 'full'],
      ['/thumbnail', 'thumb'],
    ] as const satisfies readonly (readonly [string, PhotoVariant])[]) {
      app.get(
        `/geo/assets/:id/photos/:photoId${suffix}`,
        { config: ASSET_READERS, schema: { tags, params: assetPhotoParamsSchema, response: binaryAnswer(IMAGE_TYPES) } },
        async (request, reply) => {
          const asset = await visibleAsset(db, viewerOf(request), request.params.id);
          const photo = await photoRow(db, asset.id, request.params.photoId);
          const file = await store.open(asset.id, photo.storedName, variant);
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
