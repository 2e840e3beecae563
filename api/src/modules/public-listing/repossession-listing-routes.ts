/**
 * The listing as staff work with it (tracking spec 7 Vehicles): the Listed repossessions of the acting
 * subtree (GET /vehicles/repossessions/public-listing) and the choice of a repossession's public listing
 * photo (PUT /vehicles/repossessions-publiclistingphoto), answered with the repossession's details.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { repossessionListing } from '@meridian/shared/contract/areas/vehicles';
import { staffListingQuerySchema, staffListingSchema } from '@meridian/shared/contract/bid';
import { repossessionDetailsSchema, repossessionListingPhotoSchema } from '@meridian/shared/contract/repossession';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { visibleRepossession } from '../repossessions/repossession-access';
import { repossessionById } from '../repossessions/repossession-read';
import { setListingPhoto, staffListingPage } from './staff-listing';

export const repossessionListingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles repossessions'];

    app.get(
      '/vehicles/repossessions/public-listing',
      {
        config: allow(repossessionListing, 'read'),
        schema: { tags, querystring: staffListingQuerySchema, response: pagedAnswers(staffListingSchema) },
      },
      async (request) => {
        const { items, paging } = await staffListingPage(db, request.scope, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.put(
      '/vehicles/repossessions-publiclistingphoto',
      {
        config: allow(repossessionListing, 'edit'),
        schema: { tags, body: repossessionListingPhotoSchema, response: answers(repossessionDetailsSchema) },
      },
      async (request) => {
        const { repossessionId, vehiclePhotoId } = request.body;
        await db.tx(async (q) =>
          setListingPhoto(q, await visibleRepossession(q, request.scope, repossessionId, { lock: true }), vehiclePhotoId),
        );
        return ok(await repossessionById(db, repossessionId), vehiclePhotoId ? 'Listing photo chosen.' : 'Listing photo removed.');
      },
    );
  };
