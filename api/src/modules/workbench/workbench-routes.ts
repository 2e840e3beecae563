/** GET /geo/workbench: what needs a dispatcher's attention in the acting subtree (workbench-read.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workbench } from '@meridian/shared/contract/areas/tracking';
import { workbenchQuerySchema, workbenchSchema } from '@meridian/shared/contract/workbench';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { ok } from '../../http/envelope';
import { answers } from '../../http/route-answers';
import { viewerOf } from '../assets/asset-access';
import { devicesOutsideZones, offlineDevices, openCrashes, unreadAlarms } from './workbench-read';

export const workbenchRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    app.get(
      workbench.api.summary,
      {
        config: allow(workbench, 'read'),
        schema: { tags: ['tracking workbench'], querystring: workbenchQuerySchema, response: answers(workbenchSchema) },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const { offlineMinutes } = request.query;
        const [offline, crashes, alarms, outside] = await Promise.all([
          offlineDevices(db, viewer, offlineMinutes),
          openCrashes(db, viewer),
          unreadAlarms(db, viewer),
          devicesOutsideZones(db, viewer),
        ]);
        return ok({ offlineMinutes, offline, openCrashes: crashes, unreadAlarms: alarms, outsideZones: outside });
      },
    );
  };
