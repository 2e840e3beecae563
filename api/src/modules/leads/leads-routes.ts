/**
 * Leads of the acting tenant's subtree: lists (all, by week window, by agent), read, create and edit
 * with addresses, status changes with their history, assignment to a field agent, the consent
 * request, a PDF of the lead, soft delete and name search; and the lead and sales dashboards.
 * Who sees what is in lead-access.ts; reads, writes, dashboards, consent and the PDF in their own files.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consentRequestSchema,
  dashboardQuerySchema,
  leadAssignSchema,
  leadDeleteSchema,
  leadListQuerySchema,
  leadPdfSchema,
  leadSaveSchema,
  leadSearchSchema,
  leadStatusUpdateSchema,
  leadWindowQuerySchema,
  consentRequestSentSchema,
  leadAddressAnswerSchema,
  leadDashboardSchema,
  leadListItemSchema,
  leadMatchSchema,
  leadSchema,
  salesDashboardSchema,
} from '@meridian/shared/contract/lead';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { userInScope } from '../../tenancy/scope';
import { attachmentDisposition } from '../templates/template-documents';
import { LEAD_CREATORS, LEAD_EDITORS, LEAD_FINDERS, LEAD_READERS, SALES_DASHBOARD_READERS, visibleLead } from './lead-access';
import { requestConsent } from './lead-consent';
import { leadDashboard, salesDashboard } from './lead-dashboards';
import { visibleLeadPdf } from './lead-pdf';
import { addressesOf, leadPage, loadLead, searchLeadsByName } from './lead-read';
import { assignLead, createLead, deleteLead, setLeadStatus, updateLead } from './lead-write';
import { answers, binaryAnswer, pagedAnswers } from '../../http/route-answers';

const idParams = z.object({ id: idSchema });

export const leadsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['leads'];
    const maxPageSize = ctx.config.maxPageSize;

    app.get(
      '/leads',
      { config: LEAD_READERS, schema: { tags, querystring: leadListQuerySchema, response: pagedAnswers(leadListItemSchema) } },
      async (request) => {
        const { rows, paging } = await leadPage(db, request.scope, { status: request.query.status }, request.query, maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/leads/tenant/getbyid',
      { config: LEAD_READERS, schema: { tags, querystring: leadWindowQuerySchema, response: pagedAnswers(leadListItemSchema) } },
      async (request) => {
        const query = request.query;
        const { rows, paging } = await leadPage(db, request.scope, { window: query, status: query.status }, query, maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/leads/assignedto/:userId',
      {
        config: LEAD_READERS,
        schema: {
          tags,
          params: z.object({ userId: idSchema }),
          querystring: leadListQuerySchema,
          response: pagedAnswers(leadListItemSchema),
        },
      },
      async (request) => {
        const { userId } = request.params;
        if (userId !== request.principal.userId) await userInScope(db, request.scope, userId, { includeDeleted: true });
        const { rows, paging } = await leadPage(
          db,
          request.scope,
          { assignedUserId: userId, status: request.query.status },
          request.query,
          maxPageSize,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/leads/addresses-by-lead/:leadId',
      {
        config: LEAD_READERS,
        schema: { tags, params: z.object({ leadId: idSchema }), response: answers(z.array(leadAddressAnswerSchema)) },
      },
      async (request) => {
        const lead = await visibleLead(db, request.scope, request.params.leadId);
        return ok(await addressesOf(db, lead.Id));
      },
    );

    app.get(
      '/leads/dashboard',
      { config: LEAD_READERS, schema: { tags, querystring: dashboardQuerySchema, response: answers(leadDashboardSchema) } },
      async (request) => ok(await leadDashboard(db, request.scope, request.query)),
    );

    app.get(
      '/sales/dashboard',
      {
        config: SALES_DASHBOARD_READERS,
        schema: { tags: ['sales'], querystring: dashboardQuerySchema, response: answers(salesDashboardSchema) },
      },
      async (request) => ok(await salesDashboard(db, request.scope, request.query)),
    );

    app.get('/leads/:id', { config: LEAD_READERS, schema: { tags, params: idParams, response: answers(leadSchema) } }, async (request) =>
      ok(await loadLead(db, request.scope, request.params.id)),
    );

    app.post(
      '/leads',
      { config: LEAD_CREATORS, schema: { tags, body: leadSaveSchema, response: answers(leadSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createLead(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await loadLead(db, request.scope, id), 'Lead created.');
      },
    );

    app.put(
      '/leads/:id',
      { config: LEAD_EDITORS, schema: { tags, params: idParams, body: leadSaveSchema, response: answers(leadSchema) } },
      async (request) => {
        await db.tx((q) => updateLead(q, request.scope, request.principal.userId, request.params.id, request.body));
        return ok(await loadLead(db, request.scope, request.params.id), 'Lead saved.');
      },
    );

    app.put(
      '/leads/status/:id',
      { config: LEAD_EDITORS, schema: { tags, params: idParams, body: leadStatusUpdateSchema, response: answers(leadSchema) } },
      async (request) => {
        const { status } = request.body;
        await db.tx((q) => setLeadStatus(q, request.scope, request.principal.userId, request.params.id, status));
        return ok(await loadLead(db, request.scope, request.params.id), `Lead status set to ${status}.`);
      },
    );

    app.post(
      '/leads/assignlead',
      { config: LEAD_EDITORS, schema: { tags, body: leadAssignSchema, response: answers(leadSchema) } },
      async (request) => {
        const { leadId, userId } = request.body;
        await db.tx((q) => assignLead(q, request.scope, leadId, userId));
        return ok(await loadLead(db, request.scope, leadId), userId ? 'Lead assigned.' : 'Lead unassigned.');
      },
    );

    app.post(
      '/leads/resend-consent-request',
      { config: LEAD_EDITORS, schema: { tags, body: consentRequestSchema, response: answers(consentRequestSentSchema) } },
      async (request) => {
        const sent = await db.tx((q) => requestConsent(q, ctx.mailer, request.scope, request.body));
        ctx.mailer.kick();
        return ok(sent, `Consent request e-mailed to ${sent.sentTo}.`);
      },
    );

    app.post(
      '/leads/generate-pdf',
      { config: LEAD_READERS, schema: { tags, body: leadPdfSchema, response: binaryAnswer(['application/pdf']) } },
      async (request, reply) => {
        const { pdf, fileName } = await visibleLeadPdf(db, request.scope, request.body.leadId, request.principal.userName);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', pdf.length)
          .header('content-disposition', attachmentDisposition(fileName))
          .header('x-content-type-options', 'nosniff')
          .send(pdf);
      },
    );

    app.post(
      '/leads/delete',
      { config: LEAD_EDITORS, schema: { tags, body: leadDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx((q) => deleteLead(q, request.scope, request.body.id));
        return ok(null, 'Lead deleted.');
      },
    );

    app.post(
      '/leads/search',
      { config: LEAD_FINDERS, schema: { tags, body: leadSearchSchema, response: answers(z.array(leadMatchSchema)) } },
      async (request) => ok(await searchLeadsByName(db, request.scope, request.body.name)),
    );
  };
