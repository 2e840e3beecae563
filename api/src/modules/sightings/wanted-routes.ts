/**
 * The wanted list (ours: GET /vehicles/wanted, paged): the vehicles a caller is asked to look for, with only
 * what a spotter needs (registration, make, model, colour, year, a photo, the reward), never the debtor,
 * the reason or the notes; and the vehicle's first photo (GET /vehicles/wanted/{repossessionId}/photo), served
 * only while the vehicle is on the caller's list. Who sees what: sighting-access.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wantedListQuerySchema, wantedVehicleSchema, type WantedVehicle } from '@meridian/shared/contract/sighting';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { photoStore } from '../../files/photo-store';
import { notFound } from '../../http/errors';
import { paged } from '../../http/envelope';
import { binaryAnswer, pagedAnswers } from '../../http/route-answers';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { exactMinor } from '../dispatches/dispatch-read';
import { dispatchShows, onWantedList, sightingCaller, WANTED_READERS } from './sighting-access';

const idParams = z.object({ id: idSchema });
const IMAGE_TYPES = ['image/jpeg', 'image/webp'];

const SORT: SortSpec = {
  fields: { dateCreated: 'r.date_created', registrationNumber: 'v.registration_number' },
  defaultField: 'dateCreated',
  defaultOrder: 'DESC',
  tieBreaker: 'r.id',
};

type WantedRow = Omit<WantedVehicle, 'photoUrl' | 'reward'> & {
  photoId: string | null;
  amountMinor: string | null;
  currency: string | null;
};

const FIRST_PHOTO = `(select ph.id from vehicle_photos ph where ph.vehicle_id = v.id order by ph.date_created, ph.id limit 1)`;

export const wantedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles sightings'];
    const vehiclePhotos = photoStore(config.dataDir, 'vehicles', (message) => app.log.warn(message));

    app.get(
      '/vehicles/wanted',
      { config: WANTED_READERS, schema: { tags, querystring: wantedListQuerySchema, response: pagedAnswers(wantedVehicleSchema) } },
      async (request) => {
        const caller = await sightingCaller(db, request.principal, request.scope);
        const p = sqlParams();
        const me = p.add(caller.spotterId);
        const page = pageSql(request.query, SORT, config.maxPageSize);
        let where = onWantedList(caller, p);
        if (page.searchPattern) where += ` and v.search_text like ${p.add(page.searchPattern)}`;
        // The reward shown: a rewarded dispatch the caller sees, their own first, then the highest.
        const select = `r.id as "repossessionId", v.registration_number as "registrationNumber", v.make, v.model, v.colour, v.year,
          ${FIRST_PHOTO} as "photoId", best.amount_minor::text as "amountMinor", best.currency,
          exists (select 1 from repossession_dispatches d where d.repossession_id = r.id and d.status = 'Open' and d.spotter_id = ${me}::uuid)
            as "dispatchedToMe",
          exists (select 1 from repossession_dispatches d join repossession_rewards rw on rw.dispatch_id = d.id
            where d.repossession_id = r.id and d.status = 'Open' and rw.published) as published`;
        const from = `from repossessions r join vehicles v on v.id = r.vehicle_id
          left join lateral (select rw.amount_minor, rw.currency from repossession_dispatches d
            join repossession_rewards rw on rw.dispatch_id = d.id where d.repossession_id = r.id and ${dispatchShows(caller, p)}
            order by coalesce(d.spotter_id = ${me}::uuid, false) desc, rw.amount_minor desc limit 1) best on true
          where ${where}`;
        const { rows, paging } = await pagedQuery<WantedRow>(db, { select, from, params: p.values }, page);
        const items = rows.map(({ photoId, amountMinor, currency, ...row }): WantedVehicle => ({
          ...row,
          photoUrl: photoId ? `/api/vehicles/wanted/${row.repossessionId}/photo` : null,
          reward: amountMinor && currency ? { amountMinor: exactMinor(amountMinor), currency } : null,
        }));
        return paged(items, paging);
      },
    );

    app.get(
      '/vehicles/wanted/:id/photo',
      { config: WANTED_READERS, schema: { tags, params: idParams, response: binaryAnswer(IMAGE_TYPES) } },
      async (request, reply) => {
        const caller = await sightingCaller(db, request.principal, request.scope);
        const p = sqlParams([request.params.id]);
        const row = await db.one<{ vehicle_id: string; stored_name: string; content_type: string }>(
          `select ph.vehicle_id, ph.stored_name, ph.content_type from repossessions r join vehicles v on v.id = r.vehicle_id
           join vehicle_photos ph on ph.id = ${FIRST_PHOTO} where r.id = $1 and ${onWantedList(caller, p)}`,
          p.values,
        );
        const file = row ? await vehiclePhotos.open(row.vehicle_id, row.stored_name, 'full') : null;
        if (!row || !file) throw notFound('The photo of this vehicle');
        return reply
          .header('content-type', row.content_type)
          .header('content-length', file.size)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );
  };
