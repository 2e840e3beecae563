/**
 * Bids on listed vehicles (tracking spec 7 Vehicles: GET /vehicles/bids/{userId}; accepting is ours):
 * listed for a user as the repossessions are (the all-zero GUID or the caller: the whole subtree;
 * another user: under their tenants), newest received first, per repossession or status; and accepted,
 * which sells the vehicle (Listed → Sold) and declines the other bids.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BID_MESSAGES, bidAcceptSchema, bidListQuerySchema, bidSchema } from '@meridian/shared/contract/bid';
import { listUserIdSchema } from '@meridian/shared/contract/geo-list';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { listUserCondition } from '../geo-devices/list-user';
import { BID_ACCEPTORS, BID_READERS } from './bid-access';
import { bidById, bidPage } from './bid-read';
import { acceptBid } from './bid-write';

const userParams = z.object({ userId: listUserIdSchema });

export const bidsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles bids'];

    app.get(
      '/vehicles/bids/:userId',
      { config: BID_READERS, schema: { tags, params: userParams, querystring: bidListQuerySchema, response: pagedAnswers(bidSchema) } },
      async (request) => {
        const p = sqlParams();
        const tenants = await listUserCondition(db, request.scope, request.principal.userId, request.params.userId, 'b.tenant_id', p);
        const { items, paging } = await bidPage(db, { where: tenants, p }, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.put(
      '/vehicles/bids-accept',
      { config: BID_ACCEPTORS, schema: { tags, body: bidAcceptSchema, response: answers(bidSchema) } },
      async (request) => {
        await db.tx((q) => acceptBid(q, request.scope, request.principal.userId, request.body));
        const bid = await bidById(db, request.body.bidId);
        return ok(bid, BID_MESSAGES.accepted(bid.registrationNumber));
      },
    );
  };
