/** Push-notification device tokens, kept per user (a token moves to whoever registered it last). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerDeviceSchema } from '@meridian/shared/contract/field-agent';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { answers } from '../../http/route-answers';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';

export const firebaseRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/firebase/register-device',
      { config: { tenantFree: true }, schema: { tags: ['firebase'], body: registerDeviceSchema, response: answers(noDataSchema) } },
      async (request) => {
        await ctx.db.query(
          `insert into device_registrations (token, user_id, platform) values ($1, $2, $3)
       on conflict (token) do update set user_id = excluded.user_id, platform = excluded.platform, last_seen_at = now()`,
          [request.body.token, request.principal.userId, request.body.platform ?? null],
        );
        return ok(null, 'Device registered.');
      },
    );
  };
