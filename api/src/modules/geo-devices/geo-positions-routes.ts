/**
 * Positions of the acting subtree's devices (tracking spec 7 Devices): a device's latest position,
 * one position (or a device's latest) by `/geo/device/position/{param}`, and a device's positions over
 * a period in time order, paged by keyset.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GEO_POSITION_LIMITS,
  geoPositionSchema,
  positionParamSchema,
  positionRangeParamsSchema,
  positionRangeQuerySchema,
} from '@meridian/shared/contract/geo-position';
import { isCalendarDay } from '@meridian/shared/contract/activity-plan';
import { addDays } from '@meridian/shared/contract/field-agent';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { startOfDay } from '../activities/activity-window';
import { POSITION_READERS, visibleDevice } from './device-access';
import { latestPositionOf, positionPage, visiblePosition } from './position-read';

const DAY_MS = 86_400_000;

/** A period's bounds: a day starts at its midnight in the tenant's zone and an end day is included whole; a date-time is that instant. */
async function periodOf(q: Queryable, tenantId: string, start: string, end: string) {
  const timeZone = await tenantTimeZone(q, tenantId);
  const from = isCalendarDay(start) ? startOfDay(start, timeZone) : new Date(start);
  const to = isCalendarDay(end) ? startOfDay(addDays(end, 1), timeZone) : new Date(end);
  if (to <= from) throw fieldError('end', 'The end of the period must come after its start.');
  if (to.getTime() - from.getTime() > GEO_POSITION_LIMITS.maxDays * DAY_MS)
    throw fieldError('end', `One call covers at most ${GEO_POSITION_LIMITS.maxDays} days.`);
  return { from, to };
}

export const geoPositionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['tracking positions'];

    app.get(
      '/geo/device/details/:id/latest-position',
      { config: POSITION_READERS, schema: { tags, params: z.object({ id: idSchema }), response: answers(geoPositionSchema.nullable()) } },
      async (request) => {
        const device = await visibleDevice(db, request.scope, request.params.id);
        const position = await latestPositionOf(db, device.id);
        return ok(position, position ? undefined : 'The device has reported no position yet.');
      },
    );

    app.get(
      '/geo/device/position/:param',
      { config: POSITION_READERS, schema: { tags, params: positionParamSchema, response: answers(geoPositionSchema.nullable()) } },
      async (request) => {
        const { param } = request.params;
        if (typeof param === 'number') return ok(await visiblePosition(db, request.scope, param));
        const device = await visibleDevice(db, request.scope, param);
        const position = await latestPositionOf(db, device.id);
        return ok(position, position ? undefined : 'The device has reported no position yet.');
      },
    );

    app.get(
      '/geo/position/device/:id/:start/:end',
      {
        config: POSITION_READERS,
        schema: {
          tags,
          params: positionRangeParamsSchema,
          querystring: positionRangeQuerySchema,
          response: pagedAnswers(geoPositionSchema),
        },
      },
      async (request) => {
        const { params, query } = request;
        const device = await visibleDevice(db, request.scope, params.id);
        const { from, to } = await periodOf(db, request.scope.tenantId, params.start, params.end);
        const limit = Math.min(query.size, config.maxPageSize, GEO_POSITION_LIMITS.pageMax);
        let after = null;
        if (query.after !== undefined) {
          const last = await db.one<{ fix_time: Date }>(`select fix_time from positions where id = $1 and device_id = $2`, [
            query.after,
            device.id,
          ]);
          if (!last) throw fieldError('after', "Give the id of the previous page's last position.");
          after = { fixTime: last.fix_time, id: query.after };
        }
        const { rows, total } = await positionPage(db, {
          deviceId: device.id,
          start: from,
          end: to,
          limit,
          after,
          offset: (query.page - 1) * limit,
        });
        return paged(rows, { pageNumber: query.page, pageSize: limit, total });
      },
    );
  };
