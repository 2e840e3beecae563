/**
 * Tracking notifications of the acting subtree (tracking spec 3, 4; issue 19 item 6): the list, newest
 * first, filtered by device, type, period and unread; the caller's unread count; marking read some of
 * them or all. Processing writes them at ingest and pushes each live in the same shape (tracking-live.ts).
 * Read state is each operator's own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markTrackingNotificationsReadSchema,
  trackingNotificationQuerySchema,
  trackingNotificationsAllMarkedSchema,
  trackingNotificationSchema,
  trackingNotificationsMarkedSchema,
  trackingNotificationsUnreadSchema,
} from '@meridian/shared/contract/tracking-notification';
import { trackingNotifications } from '@meridian/shared/contract/areas/tracking';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { ok, paged } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { pageSql } from '../../http/paging';
import { answers, pagedAnswers } from '../../http/route-answers';
import { addDays } from '@meridian/shared/contract/field-agent';
import type { Queryable } from '../../db/database';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { startOfDay } from '../activities/activity-window';
import { visibleDevice } from '../geo-devices/device-access';
import { countUnread, listNotifications, NOTIFICATION_SORT, visibleNotificationIds } from './tracking-notification-read';
import { markAllRead, markRead } from './tracking-notification-marks';

const NOTIFICATION_READERS = allow(trackingNotifications, 'read');
const tags = ['tracking events'];

/** The days asked for as instants of the acting tenant's time zone; no day, no bound. */
async function periodOf(q: Queryable, tenantId: string, query: { fromDate?: string; toDate?: string }) {
  if (!query.fromDate && !query.toDate) return {};
  const timeZone = await tenantTimeZone(q, tenantId);
  return {
    start: query.fromDate ? startOfDay(query.fromDate, timeZone) : undefined,
    end: query.toDate ? startOfDay(addDays(query.toDate, 1), timeZone) : undefined,
  };
}

export const trackingNotificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const { api } = trackingNotifications;

    app.get(
      api.list,
      {
        config: NOTIFICATION_READERS,
        schema: { tags, querystring: trackingNotificationQuerySchema, response: pagedAnswers(trackingNotificationSchema) },
      },
      async (request) => {
        const { query, scope, principal } = request;
        const page = pageSql(query, NOTIFICATION_SORT, config.maxPageSize);
        const deviceId = query.deviceId ? (await visibleDevice(db, scope, query.deviceId)).id : undefined;
        const period = await periodOf(db, scope.tenantId, query);
        const filter = { ...query, ...period, deviceId, searchPattern: page.searchPattern };
        const { rows, paging } = await listNotifications(db, scope, principal.userId, filter, page);
        return paged(rows, paging);
      },
    );

    app.get(
      api.unread,
      { config: NOTIFICATION_READERS, schema: { tags, response: answers(trackingNotificationsUnreadSchema) } },
      async (request) => ok({ count: await countUnread(db, request.scope, request.principal.userId) }),
    );

    app.post(
      api.read,
      {
        config: NOTIFICATION_READERS,
        schema: { tags, body: markTrackingNotificationsReadSchema, response: answers(trackingNotificationsMarkedSchema) },
      },
      async (request) => {
        const asked = [...new Set(request.body.ids)];
        const ids = await visibleNotificationIds(db, request.scope, asked);
        if (ids.length !== asked.length) throw notFound('One of these notifications');
        return ok({ marked: await markRead(db, request.principal.userId, ids) }, 'Marked as read.');
      },
    );

    app.post(
      api.readAll,
      { config: NOTIFICATION_READERS, schema: { tags, response: answers(trackingNotificationsAllMarkedSchema) } },
      async (request) => {
        // The count is of what was unread here, capped like the bell's; the watermark covers every tenant.
        const answer = await db.tx(async (q) => {
          const marked = await countUnread(q, request.scope, request.principal.userId);
          const readBefore = await markAllRead(q, request.principal.userId);
          return { marked, readBefore: readBefore.toISOString() };
        });
        return ok(answer, 'All notifications marked as read.');
      },
    );
  };
