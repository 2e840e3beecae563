/** Templates (HTML, Word, Text, WhatsApp) of the acting tenant's subtree, their Word documents and merge fields. */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import {
  MERGE_FIELDS,
  TEMPLATE_DOCUMENT,
  templateDocumentProblem,
  templateSaveSchema,
  type Template,
  type TemplateSave,
  type TemplateType,
  mergeFieldSchema,
  templateListItemSchema,
  templateSchema,
} from '@meridian/shared/contract/template';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { userInScope } from '../../tenancy/scope';
import { inScope } from '../../tenancy/subtree';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { assertNameFreeInTenant, owningTenant } from '../../tenancy/tenant-owned';
import {
  acceptDocumentUploads,
  attachmentDisposition,
  templateDocumentStore,
  uploadedDocument,
  type StoredDocument,
  type UploadedDocument,
} from './template-documents';
import { personName } from '../../db/person-name';
import { answers, binaryAnswer, pagedAnswers } from '../../http/route-answers';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { allow } from '../../auth/allow';
import { templates } from '@meridian/shared/contract/areas/admin';

const TEMPLATE_ADMINS = allow(templates, 'read');
const TEMPLATE_ROW = { table: 'templates', what: 'template' } as const;
const idParams = z.object({ id: idSchema });
/** Either kind of body; the OpenAPI document shows both. */
const CONSUMES = ['application/json', 'multipart/form-data'];

const LIST_COLUMNS = `t.id as "Id", t.name, t.type, t.subject, t.tenant_id as "tenantId", tn.name as "tenantName",
  t.document_name as "documentName", t.document_type as "documentType", t.document_size as "documentSize",
  t.created_by_user_id as "createdByUserId", ${personName('u')} as "createdBy",
  t.date_created as "dateCreated", t.date_updated as "dateUpdated"`;
const FROM = `from templates t join tenants tn on tn.id = t.tenant_id left join users u on u.id = t.created_by_user_id`;
/** In the acting subtree (so not of a deleted tenant). */
const visible = (scope: TenantScope, p: SqlParams) => inScope('t.tenant_id', scope, p);

interface StoredTemplate extends Template {
  documentFile: string | null;
}

async function visibleTemplate(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<StoredTemplate>(
    `select ${LIST_COLUMNS}, t.body, t.document_file as "documentFile" ${FROM} where t.id = $1 and ${visible(scope, p)}`,
    p.values,
  );
  if (!row) throw notFound('Template');
  return row;
}

/** Where the document is kept is the server's business. */
const answer = ({ documentFile: _documentFile, ...template }: StoredTemplate): Template => template;

function assertDocumentAcceptable(type: TemplateType, upload: UploadedDocument | null, hasStoredDocument: boolean) {
  const problem = templateDocumentProblem(type, upload && { fileName: upload.fileName, size: upload.data.length }, hasStoredDocument);
  if (problem) throw fieldError(TEMPLATE_DOCUMENT.field, problem);
}

const templateValues = (input: TemplateSave) => [input.name, input.type, input.subject || null, input.body ?? ''];

/** Points the template at its new document and answers the stored name of the one it replaces. */
async function attachDocument(q: Queryable, templateId: string, document: StoredDocument) {
  const previous = await q.one<{ document_file: string | null }>(`select document_file from templates where id = $1 for update`, [
    templateId,
  ]);
  await q.query(`update templates set document_file = $2, document_name = $3, document_type = $4, document_size = $5 where id = $1`, [
    templateId,
    document.storedName,
    document.fileName,
    document.contentType,
    document.size,
  ]);
  return previous?.document_file ?? null;
}

export const templatesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['templates'];
    const documents = templateDocumentStore(ctx.config.dataDir, (message) => app.log.warn(message));
    await acceptDocumentUploads(app);

    app.get(
      '/templates/merge-fields',
      { config: TEMPLATE_ADMINS, schema: { tags, response: answers(z.array(mergeFieldSchema)) } },
      async () => ok(MERGE_FIELDS),
    );

    app.get(
      '/templates/userId/:userId',
      {
        config: TEMPLATE_ADMINS,
        schema: {
          tags,
          params: z.object({ userId: idSchema }),
          querystring: pagingQuerySchema,
          response: pagedAnswers(templateListItemSchema),
        },
      },
      async (request) => {
        // The spec's address names a user, but the list is the acting tenant's subtree: the user must be the caller or lie inside it.
        const { userId } = request.params;
        if (userId !== request.principal.userId) await userInScope(db, request.scope, userId);
        const page = pageSql(
          request.query,
          {
            fields: { name: 't.name', type: 't.type', dateCreated: 't.date_created', dateUpdated: 't.date_updated' },
            defaultField: 'name',
            defaultOrder: 'ASC',
            tieBreaker: 't.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = visible(request.scope, p);
        if (page.searchPattern) {
          where += ` and upper(t.name || ' ' || coalesce(t.subject, '')) like ${p.add(page.searchPattern)}`;
        }
        const { rows, paging } = await pagedQuery(db, { select: LIST_COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
        return paged(rows, paging);
      },
    );

    app.get(
      '/templates/:id',
      { config: TEMPLATE_ADMINS, schema: { tags, params: idParams, response: answers(templateSchema) } },
      async (request) => ok(answer(await visibleTemplate(db, request.scope, request.params.id))),
    );

    app.get(
      '/templates/:id/document',
      { config: TEMPLATE_ADMINS, schema: { tags, params: idParams, response: binaryAnswer(['*/*']) } },
      async (request, reply) => {
        const template = await visibleTemplate(db, request.scope, request.params.id);
        const file = template.documentFile ? await documents.open(template.Id, template.documentFile) : null;
        if (!file) throw notFound('The document of this template');
        return reply
          .header('content-type', template.documentType ?? 'application/octet-stream')
          .header('content-length', file.size)
          .header('content-disposition', attachmentDisposition(template.documentName ?? 'document'))
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );

    app.post(
      '/templates',
      {
        config: TEMPLATE_ADMINS,
        schema: { tags, consumes: CONSUMES, body: templateSaveSchema, response: answers(templateSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const input = request.body;
        const upload = uploadedDocument(request);
        assertDocumentAcceptable(input.type, upload, false);
        const id = randomUUID();
        await documents.saveWith(id, upload, (document) =>
          db.tx(async (q) => {
            const tenantId = await owningTenant(q, request.scope, input.tenantId);
            await assertNameFreeInTenant(q, TEMPLATE_ROW, tenantId, input.name);
            await q.query(
              `insert into templates (id, tenant_id, name, type, subject, body, created_by_user_id) values ($1, $2, $3, $4, $5, $6, $7)`,
              [id, tenantId, ...templateValues(input), request.principal.userId],
            );
            if (document) await attachDocument(q, id, document);
          }),
        );
        reply.status(201);
        return ok(answer(await visibleTemplate(db, request.scope, id)), 'Template created.');
      },
    );

    app.put(
      '/templates/:id',
      {
        config: TEMPLATE_ADMINS,
        schema: { tags, consumes: CONSUMES, params: idParams, body: templateSaveSchema, response: answers(templateSchema) },
      },
      async (request) => {
        const input = request.body;
        const upload = uploadedDocument(request);
        const existing = await visibleTemplate(db, request.scope, request.params.id);
        assertDocumentAcceptable(input.type, upload, existing.documentFile !== null);
        await documents.saveWith(existing.Id, upload, (document) =>
          db.tx(async (q) => {
            const template = await visibleTemplate(q, request.scope, existing.Id);
            const tenantId = await owningTenant(q, request.scope, input.tenantId, template.tenantId);
            await assertNameFreeInTenant(q, TEMPLATE_ROW, tenantId, input.name, template.Id);
            await q.query(
              `update templates set tenant_id = $2, name = $3, type = $4, subject = $5, body = $6, date_updated = now() where id = $1`,
              [template.Id, tenantId, ...templateValues(input)],
            );
            const replaced = document ? await attachDocument(q, template.Id, document) : null;
            if (replaced) q.onCommit(() => documents.discard(template.Id, replaced));
          }),
        );
        return ok(answer(await visibleTemplate(db, request.scope, existing.Id)), 'Template saved.');
      },
    );

    app.delete(
      '/templates/:id',
      { config: TEMPLATE_ADMINS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const template = await visibleTemplate(q, request.scope, request.params.id);
          await q.query(`delete from templates where id = $1`, [template.Id]);
          q.onCommit(() => documents.discardAll(template.Id));
        });
        return ok(null, 'Template deleted.');
      },
    );
  };
