/**
 * The USSD channel's routes: the gateway's public call (form-encoded or JSON, answered in plain text
 * beginning CON or END), and the staff's registered clients, deregistering a client's PIN (spec 7
 * Clients), sessions with their steps, and the dashboard.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ussd } from '@meridian/shared/contract/areas/sales';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import {
  ussdClientIdParams,
  ussdClientSchema,
  ussdClientsQuerySchema,
  ussdDashboardQuerySchema,
  ussdDashboardSchema,
  ussdGatewaySchema,
  ussdSessionDetailsSchema,
  ussdSessionSchema,
  ussdSessionsQuerySchema,
} from '@meridian/shared/contract/ussd';
import { idSchema } from '@meridian/shared/validation';
import { z } from 'zod';
import { allow } from '../../auth/allow';
import type { AppContext } from '../../context';
import { notFound, unauthenticated } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { answers, binaryAnswer, pagedAnswers } from '../../http/route-answers';
import { callerOf, serviceTenantOf, ussdDesk } from './ussd-desk';
import { stepsOf, ussdAnswer } from './ussd-menu';
import { logUssdStep } from './ussd-session-log';
import { deregisterUssdClient } from './ussd-write';
import { ussdClientPage, ussdDashboard, ussdSessionById, ussdSessionPage } from './ussd-read';

const USSD_READERS = allow(ussd, 'read');
const USSD_DEREGISTERERS = allow(ussd, 'deregister');
/** A gateway request is a few short fields. */
const GATEWAY_BODY_LIMIT = 2048;

const sameKey = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

export const ussdRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['ussd'];

    // Gateways post HTML-form bodies; this parser serves only this plugin's routes.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.post(
      '/ussd/gateway',
      {
        config: { public: true },
        bodyLimit: GATEWAY_BODY_LIMIT,
        schema: {
          tags,
          body: ussdGatewaySchema,
          querystring: z.object({ key: z.string().max(200).optional() }),
          response: binaryAnswer(['text/plain']),
        },
      },
      async (request, reply) => {
        if (config.ussdGatewayKey) {
          const given = (request.headers['x-gateway-key'] as string | undefined) ?? request.query.key ?? '';
          if (!sameKey(given, config.ussdGatewayKey)) throw unauthenticated('The USSD gateway key is missing or wrong.');
        }
        const { sessionId, serviceCode, phoneNumber, text } = request.body;
        const service = await serviceTenantOf(db, serviceCode);
        if (!service) throw notFound('USSD service code');
        const steps = stepsOf(text);
        const answer = await db.tx(async (q) => {
          const caller = await callerOf(q, service, phoneNumber);
          const reached = await ussdAnswer(ussdDesk(q, service, serviceCode, phoneNumber, caller), steps);
          await logUssdStep(
            q,
            {
              sessionId,
              serviceCode,
              phone: phoneNumber,
              tenantId: caller?.clientTenantId ?? service.tenantId,
              clientId: caller?.clientId ?? null,
              steps,
            },
            reached,
          );
          return reached;
        });
        reply.type('text/plain; charset=utf-8');
        return `${answer.reply} ${answer.text}`;
      },
    );

    app.get(
      '/clients/ussd/clients',
      { config: USSD_READERS, schema: { tags, querystring: ussdClientsQuerySchema, response: pagedAnswers(ussdClientSchema) } },
      async (request) => {
        const { rows, paging } = await ussdClientPage(db, request.scope, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.delete(
      '/clients/deregister-client-ussd-security/:id',
      { config: USSD_DEREGISTERERS, schema: { tags, params: ussdClientIdParams, response: answers(noDataSchema) } },
      async (request) => {
        await deregisterUssdClient(db, request.scope, request.params.id, request.principal.userId);
        return ok(null, 'USSD PIN removed: the client sets a new one on their next dial.');
      },
    );

    app.get(
      '/clients/ussd/sessions',
      { config: USSD_READERS, schema: { tags, querystring: ussdSessionsQuerySchema, response: pagedAnswers(ussdSessionSchema) } },
      async (request) => {
        const { rows, paging } = await ussdSessionPage(db, request.scope, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/clients/ussd/sessions/:id',
      { config: USSD_READERS, schema: { tags, params: z.object({ id: idSchema }), response: answers(ussdSessionDetailsSchema) } },
      async (request) => ok(await ussdSessionById(db, request.scope, request.params.id)),
    );

    app.get(
      '/clients/ussd/dashboard',
      { config: USSD_READERS, schema: { tags, querystring: ussdDashboardQuerySchema, response: answers(ussdDashboardSchema) } },
      async (request) => ok(await ussdDashboard(db, request.scope, request.query)),
    );
  };
