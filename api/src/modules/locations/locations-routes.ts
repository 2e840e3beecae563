/** Locations of the acting tenant's subtree: list, read, create, edit, delete. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import { locationSaveSchema, type Location, type LocationSave, locationAnswerSchema } from '@meridian/shared/contract/location';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { assertNameFreeInTenant, owningTenant } from '../../tenancy/tenant-owned';
import { answers, pagedAnswers } from '../../http/route-answers';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { allow } from '../../auth/allow';
import { locations } from '@meridian/shared/contract/areas/admin';

const LOCATION_ADMINS = allow(locations, 'read');
const LOCATION_ROW = { table: 'locations', what: 'location' } as const;
const idParams = z.object({ id: idSchema });

const COLUMNS = `l.id as "Id", l.tenant_id as "tenantId", tn.name as "tenantName", l.name, l.address, l.lat, l.lng, l.active,
  l.date_created as "dateCreated", l.date_updated as "dateUpdated"`;
const FROM = `from locations l join tenants tn on tn.id = l.tenant_id`;
/** In the acting subtree (so not of a deleted tenant). */
const visible = (scope: TenantScope, p: SqlParams) => inScope('l.tenant_id', scope, p);

async function visibleLocation(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<Location>(`select ${COLUMNS} ${FROM} where l.id = $1 and ${visible(scope, p)}`, p.values);
  if (!row) throw notFound('Location');
  return row;
}

const locationValues = (input: LocationSave) => [input.name, input.address || null, input.lat ?? null, input.lng ?? null, input.active];

export const locationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['locations'];

    app.get(
      '/locations',
      { config: LOCATION_ADMINS, schema: { tags, querystring: pagingQuerySchema, response: pagedAnswers(locationAnswerSchema) } },
      async (request) => {
        const page = pageSql(
          request.query,
          {
            fields: { name: 'l.name', tenantName: 'tn.name', active: 'l.active', dateCreated: 'l.date_created' },
            defaultField: 'name',
            defaultOrder: 'ASC',
            tieBreaker: 'l.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = visible(request.scope, p);
        if (page.searchPattern) {
          where += ` and upper(l.name || ' ' || coalesce(l.address, '') || ' ' || tn.name) like ${p.add(page.searchPattern)}`;
        }
        const { rows, paging } = await pagedQuery(db, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
        return paged(rows, paging);
      },
    );

    app.get(
      '/locations/:id',
      { config: LOCATION_ADMINS, schema: { tags, params: idParams, response: answers(locationAnswerSchema) } },
      async (request) => ok(await visibleLocation(db, request.scope, request.params.id)),
    );

    app.post(
      '/locations',
      { config: LOCATION_ADMINS, schema: { tags, body: locationSaveSchema, response: answers(locationAnswerSchema, { status: 201 }) } },
      async (request, reply) => {
        const input = request.body;
        const id = await db.tx(async (q) => {
          const tenantId = await owningTenant(q, request.scope, input.tenantId);
          await assertNameFreeInTenant(q, LOCATION_ROW, tenantId, input.name);
          const row = await q.one<{ id: string }>(
            `insert into locations (tenant_id, name, address, lat, lng, active) values ($1, $2, $3, $4, $5, $6) returning id`,
            [tenantId, ...locationValues(input)],
          );
          return row!.id;
        });
        reply.status(201);
        return ok(await visibleLocation(db, request.scope, id), 'Location created.');
      },
    );

    app.put(
      '/locations/:id',
      { config: LOCATION_ADMINS, schema: { tags, params: idParams, body: locationSaveSchema, response: answers(locationAnswerSchema) } },
      async (request) => {
        const input = request.body;
        await db.tx(async (q) => {
          const location = await visibleLocation(q, request.scope, request.params.id);
          const tenantId = await owningTenant(q, request.scope, input.tenantId, location.tenantId);
          await assertNameFreeInTenant(q, LOCATION_ROW, tenantId, input.name, location.Id);
          await q.query(
            `update locations set tenant_id = $2, name = $3, address = $4, lat = $5, lng = $6, active = $7, date_updated = now() where id = $1`,
            [location.Id, tenantId, ...locationValues(input)],
          );
        });
        return ok(await visibleLocation(db, request.scope, request.params.id), 'Location saved.');
      },
    );

    app.delete(
      '/locations/:id',
      { config: LOCATION_ADMINS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const location = await visibleLocation(q, request.scope, request.params.id);
          await q.query(`delete from locations where id = $1`, [location.Id]);
        });
        return ok(null, 'Location deleted.');
      },
    );
  };
