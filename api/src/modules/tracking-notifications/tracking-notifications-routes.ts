/**
 * Tracking notifications of the acting subtree (tracking spec 3, 4): GET /geo/notifications, newest
 * first, paged, searched on the message, optionally for one device. Processing writes them at ingest.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  trackingNotificationQuerySchema,
  trackingNotificationSchema,
  type TrackingNotification,
} from '@meridian/shared/contract/tracking-notification';
import { trackingNotifications } from '@meridian/shared/contract/areas/tracking';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { sqlParams } from '../../db/sql-params';
import { paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { pagedAnswers } from '../../http/route-answers';
import { inScope } from '../../tenancy/subtree';
import { visibleDevice } from '../geo-devices/device-access';

const NOTIFICATION_READERS = allow(trackingNotifications, 'read');
/** Newest first, always: the list is a feed. */
const SORT = { fields: { dateCreated: 'n.date_created' }, defaultField: 'dateCreated', defaultOrder: 'DESC' as const, tieBreaker: 'n.id' };

export const trackingNotificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    app.get(
      '/geo/notifications',
      {
        config: NOTIFICATION_READERS,
        schema: {
          tags: ['tracking events'],
          querystring: trackingNotificationQuerySchema,
          response: pagedAnswers(trackingNotificationSchema),
        },
      },
      async (request) => {
        const { query } = request;
        const page = pageSql(query, SORT, config.maxPageSize);
        const p = sqlParams();
        let where = inScope('n.tenant_id', request.scope, p);
        if (query.deviceId) where += ` and n.device_id = ${p.add((await visibleDevice(db, request.scope, query.deviceId)).id)}`;
        if (page.searchPattern) where += ` and upper(n.message || ' ' || n.item_type) like ${p.add(page.searchPattern)}`;
        const { rows, paging } = await pagedQuery<TrackingNotification>(
          db,
          {
            select: `n.id, n.item_type as "itemType", n.message, n.message_data as "messageData", n.date_created as "dateCreated",
              n.device_id as "deviceId", d.name as "deviceName", n.event_id as "eventId", n.tenant_id as "tenantId"`,
            from: `from tracking_notifications n left join geo_devices d on d.id = n.device_id where ${where}`,
            params: p.values,
          },
          page,
        );
        return paged(rows, paging);
      },
    );
  };
