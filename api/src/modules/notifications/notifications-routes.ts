/** The notification bell: unread list, mark all read, and inserting one (pushed live to its recipient). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  insertNotificationSchema,
  type Notification,
  markedReadSchema,
  notificationSchema,
  unreadNotificationsSchema,
} from '@meridian/shared/contract/notification';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { userInScope } from '../../tenancy/scope';
import { forbidden } from '../../http/errors';
import { can } from '@meridian/shared/contract/access';
import { answers } from '../../http/route-answers';
import { notifications } from '@meridian/shared/contract/areas/comms';
import { grantsOf } from '../../auth/allow';

/** Who may put a notification in someone else's bell. */
const NOTIFY_OTHERS = grantsOf(notifications, 'notifyOthers');

const COLUMNS = `id as "Id", user_id as "userId", item_type as "itemType", message, icon, header, event_text as "eventText",
  event_time as "eventTime", date_created as "dateCreated", message_data as "messageData", read_at is not null as read`;

export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['notifications'];

    app.get(
      '/notification/unreadnotifications',
      { config: { tenantFree: true }, schema: { tags, response: answers(unreadNotificationsSchema) } },
      async (request) => {
        const notifications = await db.query<Notification>(
          `select ${COLUMNS} from notifications where user_id = $1 and read_at is null order by date_created desc limit 100`,
          [request.principal.userId],
        );
        const count = await db.one<{ n: number }>(`select count(*)::int as n from notifications where user_id = $1 and read_at is null`, [
          request.principal.userId,
        ]);
        return ok({ notifications, count: count!.n });
      },
    );

    app.post(
      '/notification/markallread',
      { config: { tenantFree: true }, schema: { tags, response: answers(markedReadSchema) } },
      async (request) => {
        const rows = await db.query(`update notifications set read_at = now() where user_id = $1 and read_at is null returning id`, [
          request.principal.userId,
        ]);
        return ok({ marked: rows.length }, 'All notifications marked as read.');
      },
    );

    app.post(
      '/notification/insertnotification',
      { schema: { tags, body: insertNotificationSchema, response: answers(notificationSchema, { status: 201 }) } },
      async (request, reply) => {
        const input = request.body.notification;
        const recipient = input.userId ?? request.principal.userId;
        if (recipient !== request.principal.userId) {
          // Any text under the product's name in a colleague's bell is a phishing channel: only those who send communications may.
          if (!can(request.principal, NOTIFY_OTHERS)) throw forbidden();
          await userInScope(db, request.scope, recipient);
        }
        const notification = await db.one<Notification>(
          `insert into notifications (user_id, tenant_id, created_by_user_id, item_type, message, icon, header, event_text, event_time, message_data)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
          [
            recipient,
            request.scope.tenantId,
            request.principal.userId,
            input.itemType,
            input.message,
            input.icon ?? null,
            input.header ?? null,
            input.eventText ?? null,
            input.eventTime ?? null,
            input.messageData === undefined ? null : JSON.stringify(input.messageData),
          ],
        );
        ctx.realtime.toUser(recipient, 'notification', notification);
        reply.status(201);
        return ok(notification, 'Notification sent.');
      },
    );
  };
