/**
 * Clients of the acting tenant's subtree (list, read, create, edit, soft delete, name search, look-up
 * by mobile), their latest affordability, the phone book, and client groups with their members.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import {
  CLIENT_LIMITS, clientAffordabilityQuerySchema, clientDeleteSchema, clientGroupDeleteSchema, clientGroupSaveSchema, clientListQuerySchema,
  clientSaveSchema, clientSearchSchema, mobilePhoneParamsSchema, phoneBookQuerySchema,
  type Client, type ClientGroup, type ClientGroupListItem, type ClientListItem, type ClientSave,
} from '@meridian/shared/contract/client';
import { nameTakenMessage } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inSubtree, tenantInScope } from '../../tenancy/scope';
import { owningTenant } from '../../tenancy/tenant-owned';
import { personName } from '../../db/person-name';

const CLIENT_READERS = { permissions: ['CLIENTS'] };
/** Finding a client by name: client readers, and those who link activities and cases to a client. */
const CLIENT_FINDERS = { permissions: ['CLIENTS', 'SALES/ACTIVITIES', 'SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES/EDIT', 'SALES/CASES'] };
const CLIENT_CREATORS = { permissions: ['CLIENTS/CREATE'] };
const CLIENT_EDITORS = { permissions: ['CLIENTS/EDIT'] };
const GROUP_KEEPERS = { permissions: ['CLIENTS/GROUPS'] };
const idParams = z.object({ id: idSchema });

/** A person's name from a users row aliased `alias`, or null. */

const CLIENT_COLUMNS = `c.id as "Id", c.tenant_id as "tenantId", tn.name as "tenantName", c.first_name as "firstName", c.last_name as "lastName",
  c.email_address as "emailAddress", c.mobile, c.id_number as "idNumber", to_char(c.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth", c.gender,
  c.address_line as "addressLine", c.city, c.postcode, c.country, c.lat, c.lng, c.created_user_id as "createdUserId", ${personName('u')} as "createdBy",
  c.date_created as "dateCreated", c.date_modified as "dateModified"`;
const CLIENT_FROM = `from clients c join tenants tn on tn.id = c.tenant_id left join users u on u.id = c.created_user_id`;
/** Live, in the subtree whose path pattern is $1, and not of a deleted tenant. */
const CLIENT_VISIBLE = `${inSubtree('c.tenant_id', 1)} and c.deleted_at is null and tn.deleted_at is null`;

const CLIENT_SORT: SortSpec = {
  fields: {
    dateCreated: 'c.date_created', dateModified: 'c.date_modified', firstName: 'c.first_name', lastName: 'c.last_name', emailAddress: 'c.email_address',
    mobile: 'c.mobile', idNumber: 'c.id_number', city: 'c.city', tenantName: 'tn.name',
  },
  defaultField: 'dateCreated', defaultOrder: 'DESC', tieBreaker: 'c.id',
};
/** Members and phone-book lines read best by name. */
const BY_NAME: SortSpec = { ...CLIENT_SORT, defaultField: 'lastName', defaultOrder: 'ASC', tieBreaker: 'c.first_name, c.id' };

const GROUP_COLUMNS = `g.id as "Id", g.tenant_id as "tenantId", tn.name as "tenantName", g.name, g.description,
  (select count(*)::int from client_group_members m join clients mc on mc.id = m.client_id where m.group_id = g.id and mc.deleted_at is null) as "memberCount",
  g.created_user_id as "createdUserId", ${personName('u')} as "createdBy", g.date_created as "dateCreated", g.date_modified as "dateModified"`;
const GROUP_FROM = `from client_groups g join tenants tn on tn.id = g.tenant_id left join users u on u.id = g.created_user_id`;
const GROUP_VISIBLE = `${inSubtree('g.tenant_id', 1)} and g.deleted_at is null and tn.deleted_at is null`;

async function visibleClient(q: Queryable, scope: TenantScope, id: string) {
  const row = await q.one<ClientListItem>(`select ${CLIENT_COLUMNS} ${CLIENT_FROM} where c.id = $2 and ${CLIENT_VISIBLE}`, [`${scope.path}%`, id]);
  if (!row) throw notFound('Client');
  return row;
}

async function loadClient(q: Queryable, scope: TenantScope, id: string): Promise<Client> {
  const client = await visibleClient(q, scope, id);
  const groups = await q.query<{ Id: string; name: string }>(
    `select g.id as "Id", g.name from client_group_members m join client_groups g on g.id = m.group_id
     where m.client_id = $1 and g.deleted_at is null order by lower(g.name), g.id`,
    [id],
  );
  return { ...client, groups };
}

async function visibleGroup(q: Queryable, scope: TenantScope, id: string) {
  const row = await q.one<ClientGroupListItem & { path: string }>(
    `select ${GROUP_COLUMNS}, tn.path ${GROUP_FROM} where g.id = $2 and ${GROUP_VISIBLE}`,
    [`${scope.path}%`, id],
  );
  if (!row) throw notFound('Client group');
  return row;
}

const clientValues = (input: ClientSave) => [
  input.firstName, input.lastName, input.emailAddress ?? null, input.mobile ?? null, input.idNumber ?? null, input.dateOfBirth ?? null,
  input.gender ?? null, input.addressLine ?? null, input.city ?? null, input.postcode ?? null, input.country ?? null, input.lat ?? null, input.lng ?? null,
];

/** Refuses a name another live group of the tenant already uses (compared case-insensitively). */
async function assertGroupNameFree(q: Queryable, tenantId: string, name: string, exceptId?: string) {
  const taken = await q.one(
    `select 1 from client_groups where tenant_id = $1 and lower(name) = lower($2) and deleted_at is null and ($3::uuid is null or id <> $3)`,
    [tenantId, name, exceptId ?? null],
  );
  if (taken) {
    const message = nameTakenMessage('client group');
    throw conflict(message, { name: [message] });
  }
}

/** The group's members become exactly `clientIds`, which must be live clients of the group's tenant or below. */
async function setMembers(q: Queryable, groupId: string, groupTenantPath: string, clientIds: string[]) {
  if (clientIds.length) {
    const found = await q.query<{ id: string }>(
      `select c.id from clients c join tenants t on t.id = c.tenant_id where c.id = any($1::uuid[]) and c.deleted_at is null and t.deleted_at is null and t.path like $2`,
      [clientIds, `${groupTenantPath}%`],
    );
    const inside = new Set(found.map((r) => r.id));
    const outside = clientIds.find((id) => !inside.has(id));
    if (outside) throw fieldError('clientIds', `Client ${outside} is not a client of this group's tenant.`);
  }
  await q.query(`delete from client_group_members where group_id = $1 and not (client_id = any($2::uuid[]))`, [groupId, clientIds]);
  await q.query(
    `insert into client_group_members (group_id, client_id) select $1, unnest($2::uuid[]) on conflict do nothing`,
    [groupId, clientIds],
  );
}

export const clientsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  const { db } = ctx;
  const tags = ['clients'];

  app.get('/clients', { config: CLIENT_READERS, schema: { tags, querystring: clientListQuerySchema } }, async (request) => {
    const query = request.query;
    const groupId = query.groupId ?? query.filter.groupId;
    const tenantId = query.tenantId ?? query.filter.tenantId;
    if (query.groupId && query.filter.groupId && query.groupId !== query.filter.groupId) throw fieldError('filter', 'filter names another group than groupId.');
    if (query.tenantId && query.filter.tenantId && query.tenantId !== query.filter.tenantId) throw fieldError('filter', 'filter names another tenant than tenantId.');
    const subtreePath = tenantId ? (await tenantInScope(db, request.scope, tenantId)).path : request.scope.path;
    const page = pageSql(query, CLIENT_SORT, ctx.config.maxPageSize);
    const params: unknown[] = [`${subtreePath}%`];
    let where = CLIENT_VISIBLE;
    if (groupId) {
      await visibleGroup(db, request.scope, groupId);
      params.push(groupId);
      where += ` and exists (select 1 from client_group_members m where m.client_id = c.id and m.group_id = $${params.length})`;
    }
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and c.search_text like $${params.length}`;
    }
    const { rows, paging } = await pagedQuery(db, { select: CLIENT_COLUMNS, from: `${CLIENT_FROM} where ${where}`, params }, page);
    return paged(rows, paging);
  });

  app.get('/clients/affordability', { config: CLIENT_READERS, schema: { tags, querystring: clientAffordabilityQuerySchema } }, async (request) => {
    const query = request.query;
    const page = pageSql(query, {
      fields: {
        affordabilityDate: `coalesce(a.affordability_date, '-infinity'::timestamptz)`, totalAffordability: 'coalesce(a.total_affordability, -1)',
        lastName: 'c.last_name', firstName: 'c.first_name', dateCreated: 'c.date_created', tenantName: 'tn.name',
      },
      defaultField: 'affordabilityDate', defaultOrder: 'DESC', tieBreaker: 'c.id',
    }, ctx.config.maxPageSize);
    const params: unknown[] = [`${request.scope.path}%`];
    let where = `${CLIENT_VISIBLE}${query.assessedOnly ? ' and a.id is not null' : ''}`;
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and c.search_text like $${params.length}`;
    }
    // The client's leads: same ID number, or contact number = mobile; the latest assessed one wins.
    const latest = `left join lateral (
        select l.id, l.total_affordability, l.installment_amount, l.affordability_outcome, l.affordability_date from leads l
        where l.deleted_at is null and ${inSubtree('l.tenant_id', 1)}
          and (l.total_affordability is not null or l.affordability_outcome <> 'NONE')
          and (l.id_number = c.id_number or l.contact_number = c.mobile)
        order by l.affordability_date desc nulls last, l.date_modified desc, l.id desc limit 1
      ) a on true`;
    const { rows, paging } = await pagedQuery(db, {
      select: `c.id as "Id", c.first_name as "firstName", c.last_name as "lastName", c.mobile, c.email_address as "emailAddress",
        c.id_number as "idNumber", tn.name as "tenantName", a.id as "leadId", a.total_affordability::float8 as "totalAffordability",
        a.installment_amount::float8 as "installmentAmount", a.affordability_outcome as "affordabilityOutcome", a.affordability_date as "affordabilityDate"`,
      from: `from clients c join tenants tn on tn.id = c.tenant_id ${latest} where ${where}`,
      params,
    }, page);
    return paged(rows, paging);
  });

  app.get('/clients/phone-book', { config: CLIENT_READERS, schema: { tags, querystring: phoneBookQuerySchema } }, async (request) => {
    const query = request.query;
    const page = pageSql(query, { ...BY_NAME, fields: { lastName: 'c.last_name', firstName: 'c.first_name', tenantName: 'tn.name' } }, ctx.config.maxPageSize);
    // A phone book lists the people who can be reached.
    const params: unknown[] = [`${request.scope.path}%`];
    let where = `${CLIENT_VISIBLE} and (c.mobile is not null or c.email_address is not null)`;
    if (query.letter) {
      params.push(query.letter);
      where += ` and upper(left(c.last_name, 1)) = $${params.length}`;
    }
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and c.search_text like $${params.length}`;
    }
    const { rows, paging } = await pagedQuery(db, {
      select: `c.id as "Id", c.first_name as "firstName", c.last_name as "lastName", c.mobile, c.email_address as "emailAddress", tn.name as "tenantName"`,
      from: `from clients c join tenants tn on tn.id = c.tenant_id where ${where}`,
      params,
    }, page);
    return paged(rows, paging);
  });

  app.get('/clients/get-person-by-mobile-phone/:phone', { config: CLIENT_READERS, schema: { tags, params: mobilePhoneParamsSchema } }, async (request) => {
    const { phone } = request.params;
    // Should two clients share the number, the one added last answers.
    const row = await db.one<{ id: string }>(
      `select c.id from clients c join tenants tn on tn.id = c.tenant_id where c.mobile = $2 and ${CLIENT_VISIBLE} order by c.date_created desc, c.id desc limit 1`,
      [`${request.scope.path}%`, phone],
    );
    if (!row) throw notFound(`A client with the mobile number ${phone}`);
    return ok(await loadClient(db, request.scope, row.id));
  });

  app.post('/clients/search', { config: CLIENT_FINDERS, schema: { tags, body: clientSearchSchema } }, async (request) => {
    // The name is part of search_text, whose trigram index finds the candidates.
    const name = request.body.name.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await db.query(
      `select c.id as "Id", c.first_name as "firstName", c.last_name as "lastName", c.email_address as "emailAddress", c.mobile,
         c.id_number as "idNumber", tn.name as "tenantName"
       from clients c join tenants tn on tn.id = c.tenant_id
       where ${CLIENT_VISIBLE} and c.search_text like $2 and upper(c.first_name || ' ' || c.last_name) like $2
       order by c.last_name, c.first_name, c.id limit ${CLIENT_LIMITS.searchMatches}`,
      [`${request.scope.path}%`, `%${name}%`],
    );
    return ok(rows);
  });

  app.post('/clients/delete', { config: CLIENT_EDITORS, schema: { tags, body: clientDeleteSchema } }, async (request) => {
    await db.tx(async (q) => {
      const client = await visibleClient(q, request.scope, request.body.id);
      await q.query(`update clients set deleted_at = now(), date_modified = now() where id = $1`, [client.Id]);
    });
    return ok(null, 'Client deleted.');
  });

  // Client groups. Static paths are matched before /clients/:id.

  app.get('/clients/groups', { config: GROUP_KEEPERS, schema: { tags, querystring: pagingQuerySchema } }, async (request) => {
    const page = pageSql(request.query, {
      fields: { dateCreated: 'g.date_created', name: 'lower(g.name)', memberCount: '"memberCount"', tenantName: 'tn.name' },
      defaultField: 'dateCreated', defaultOrder: 'DESC', tieBreaker: 'g.id',
    }, ctx.config.maxPageSize);
    const params: unknown[] = [`${request.scope.path}%`];
    let where = GROUP_VISIBLE;
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and upper(g.name || ' ' || coalesce(g.description, '')) like $${params.length}`;
    }
    const { rows, paging } = await pagedQuery(db, { select: GROUP_COLUMNS, from: `${GROUP_FROM} where ${where}`, params }, page);
    return paged(rows, paging);
  });

  app.get('/clients/groups/:id', { config: GROUP_KEEPERS, schema: { tags, params: idParams, querystring: pagingQuerySchema } }, async (request) => {
    const { path: _path, ...group } = await visibleGroup(db, request.scope, request.params.id);
    const page = pageSql(request.query, BY_NAME, ctx.config.maxPageSize);
    const params: unknown[] = [`${request.scope.path}%`, group.Id];
    let where = `${CLIENT_VISIBLE} and exists (select 1 from client_group_members m where m.client_id = c.id and m.group_id = $2)`;
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and c.search_text like $${params.length}`;
    }
    const { rows, paging } = await pagedQuery<ClientListItem>(db, { select: CLIENT_COLUMNS, from: `${CLIENT_FROM} where ${where}`, params }, page);
    const answer: ClientGroup = { ...group, members: rows };
    return paged(answer, paging);
  });

  app.post('/clients/groups', { config: GROUP_KEEPERS, schema: { tags, body: clientGroupSaveSchema } }, async (request, reply) => {
    const input = request.body;
    const id = await db.tx(async (q) => {
      const tenantId = await owningTenant(q, request.scope, input.tenantId);
      await assertGroupNameFree(q, tenantId, input.name);
      const row = await q.one<{ id: string; path: string }>(
        `insert into client_groups (tenant_id, name, description, created_user_id) values ($1, $2, $3, $4)
         returning id, (select path from tenants where id = $1) as path`,
        [tenantId, input.name, input.description ?? null, request.principal.userId],
      );
      await setMembers(q, row!.id, row!.path, input.clientIds ?? []);
      return row!.id;
    });
    reply.status(201);
    const { path: _path, ...group } = await visibleGroup(db, request.scope, id);
    return ok(group, 'Client group created.');
  });

  app.put('/clients/groups/:id', { config: GROUP_KEEPERS, schema: { tags, params: idParams, body: clientGroupSaveSchema } }, async (request) => {
    const input = request.body;
    await db.tx(async (q) => {
      const group = await visibleGroup(q, request.scope, request.params.id);
      const tenantId = await owningTenant(q, request.scope, input.tenantId, group.tenantId);
      await assertGroupNameFree(q, tenantId, input.name, group.Id);
      const row = await q.one<{ path: string }>(
        `update client_groups set tenant_id = $2, name = $3, description = $4, date_modified = now() where id = $1
         returning (select path from tenants where id = $2) as path`,
        [group.Id, tenantId, input.name, input.description ?? null],
      );
      if (input.clientIds) await setMembers(q, group.Id, row!.path, input.clientIds);
      else if (tenantId !== group.tenantId) {
        // Moved to another tenant: members must still be its clients.
        const members = await q.query<{ client_id: string }>(`select client_id from client_group_members where group_id = $1`, [group.Id]);
        await setMembers(q, group.Id, row!.path, members.map((m) => m.client_id));
      }
    });
    const { path: _path, ...group } = await visibleGroup(db, request.scope, request.params.id);
    return ok(group, 'Client group saved.');
  });

  app.post('/clients/groups/delete', { config: GROUP_KEEPERS, schema: { tags, body: clientGroupDeleteSchema } }, async (request) => {
    await db.tx(async (q) => {
      const group = await visibleGroup(q, request.scope, request.body.id);
      await q.query(`update client_groups set deleted_at = now(), date_modified = now() where id = $1`, [group.Id]);
    });
    return ok(null, 'Client group deleted.');
  });

  // Single clients.

  app.get('/clients/:id', { config: CLIENT_READERS, schema: { tags, params: idParams } }, async (request) =>
    ok(await loadClient(db, request.scope, request.params.id)));

  app.post('/clients', { config: CLIENT_CREATORS, schema: { tags, body: clientSaveSchema } }, async (request, reply) => {
    const input = request.body;
    const id = await db.tx(async (q) => {
      const tenantId = await owningTenant(q, request.scope, input.tenantId);
      const row = await q.one<{ id: string }>(
        `insert into clients (tenant_id, first_name, last_name, email_address, mobile, id_number, date_of_birth, gender, address_line, city, postcode,
           country, lat, lng, created_user_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
        [tenantId, ...clientValues(input), request.principal.userId],
      );
      return row!.id;
    });
    reply.status(201);
    return ok(await loadClient(db, request.scope, id), 'Client created.');
  });

  app.put('/clients/:id', { config: CLIENT_EDITORS, schema: { tags, params: idParams, body: clientSaveSchema } }, async (request) => {
    const input = request.body;
    await db.tx(async (q) => {
      const client = await visibleClient(q, request.scope, request.params.id);
      const tenantId = await owningTenant(q, request.scope, input.tenantId, client.tenantId);
      await q.query(
        `update clients set tenant_id = $2, first_name = $3, last_name = $4, email_address = $5, mobile = $6, id_number = $7, date_of_birth = $8,
           gender = $9, address_line = $10, city = $11, postcode = $12, country = $13, lat = $14, lng = $15, date_modified = now()
         where id = $1`,
        [client.Id, tenantId, ...clientValues(input)],
      );
      if (tenantId !== client.tenantId) {
        // Moved out of a group's tenant: no longer its member.
        await q.query(
          `delete from client_group_members m using client_groups g, tenants gt, tenants ct
           where m.client_id = $1 and g.id = m.group_id and gt.id = g.tenant_id and ct.id = $2 and ct.path not like gt.path || '%'`,
          [client.Id, tenantId],
        );
      }
    });
    return ok(await loadClient(db, request.scope, request.params.id), 'Client saved.');
  });
};
