/**
 * The public listing (no sign-in; tracking spec 7 Vehicles, paths ours): a seller's listed vehicles by
 * its public key, one of them, its listing photo, and a bid on it. Every route is marked public, as the
 * share links' page is; an unknown key, an unlisted vehicle or another seller's answers 404 alike.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUBLIC_LISTING_LIMITS,
  PUBLIC_LISTING_MESSAGES,
  publicBidReceivedSchema,
  publicBidSchema,
  publicListingParamsSchema,
  publicListingQuerySchema,
  publicListingSchema,
  publicListingVehicleParamsSchema,
  publicListingVehicleSchema,
} from '@meridian/shared/contract/public-listing';
import type { AppContext } from '../../context';
import { photoStore } from '../../files/photo-store';
import { ok, paged } from '../../http/envelope';
import { answers, binaryAnswer, pagedRecordAnswers } from '../../http/route-answers';
import { sellerOfKey } from './listing-keys';
import { listedRow, publicListingPage, publicListingVehicle } from './public-listing-read';
import { listingNotFound, placePublicBid } from './public-bids';

const PUBLIC = { public: true } as const;

export const publicListingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['public listing'];
    const store = photoStore(ctx.config.dataDir, 'vehicles', (message) => app.log.warn(message));
    const sellerOrMissing = async (key: string) => (await sellerOfKey(db, key)) ?? Promise.reject(listingNotFound());

    app.get(
      '/public/listing/:tenantKey',
      {
        config: PUBLIC,
        schema: {
          tags,
          params: publicListingParamsSchema,
          querystring: publicListingQuerySchema,
          response: pagedRecordAnswers(publicListingSchema),
        },
      },
      async (request) => {
        const seller = await sellerOrMissing(request.params.tenantKey);
        const { vehicles, paging } = await publicListingPage(db, request.params.tenantKey, seller, request.query);
        return paged({ sellerName: seller.name, vehicles }, paging);
      },
    );

    app.get(
      '/public/listing/:tenantKey/:listingId',
      { config: PUBLIC, schema: { tags, params: publicListingVehicleParamsSchema, response: answers(publicListingVehicleSchema) } },
      async (request) => {
        const { tenantKey, listingId } = request.params;
        const vehicle = await publicListingVehicle(db, tenantKey, await sellerOrMissing(tenantKey), listingId);
        if (!vehicle) throw listingNotFound();
        return ok(vehicle);
      },
    );

    app.get(
      '/public/listing/:tenantKey/:listingId/photo',
      { config: PUBLIC, schema: { tags, params: publicListingVehicleParamsSchema, response: binaryAnswer(['image/jpeg', 'image/webp']) } },
      async (request, reply) => {
        const { tenantKey, listingId } = request.params;
        const listed = await listedRow(db, await sellerOrMissing(tenantKey), listingId);
        if (!listed?.photoStoredName) throw listingNotFound();
        const file = await store.open(listed.vehicleId, listed.photoStoredName, 'full');
        if (!file) throw listingNotFound();
        // Public, but short-lived in caches: a vehicle sold or a photo changed should leave the page soon.
        return reply
          .header('content-type', listed.photoContentType)
          .header('content-length', file.size)
          .header('cache-control', 'public, max-age=300')
          .send(file.stream);
      },
    );

    app.post(
      '/public/listing/:tenantKey/:listingId/bids',
      {
        config: PUBLIC,
        bodyLimit: PUBLIC_LISTING_LIMITS.bodyLimitBytes,
        schema: {
          tags,
          params: publicListingVehicleParamsSchema,
          body: publicBidSchema,
          response: answers(publicBidReceivedSchema, { status: 201 }),
        },
      },
      async (request, reply) => {
        const { tenantKey, listingId } = request.params;
        await placePublicBid(ctx, request.ip, tenantKey, listingId, request.body);
        reply.status(201);
        return ok({ received: true as const }, PUBLIC_LISTING_MESSAGES.bidReceived);
      },
    );
  };
