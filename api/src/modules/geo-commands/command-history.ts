/**
 * The commands sent to the acting subtree's devices, newest first, each with who sent it and where it
 * stands (queued, sent, answered, failed: derived from its times, so it can never disagree with them).
 */
import type { CommandStatus, SentCommand } from '@meridian/shared/contract/geo-command';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, type PageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';

const STATUS_OF = `case when c.failed_at is not null then 'failed' when c.result is not null then 'answered'
  when c.sent_at is not null then 'sent' else 'queued' end`;

/** Each state as a condition the history's indexes can serve. */
const IN_STATUS: Record<CommandStatus, string> = {
  queued: 'c.sent_at is null',
  sent: 'c.sent_at is not null and c.result is null and c.failed_at is null',
  answered: 'c.result is not null and c.failed_at is null',
  failed: 'c.failed_at is not null',
};

export interface SentCommandFilter {
  /** A device already checked visible to the caller. */
  deviceId?: string;
  status?: CommandStatus;
  searchPattern: string | null;
}

export function sentCommandPage(q: Queryable, scope: TenantScope, filter: SentCommandFilter, page: PageSql) {
  const p = sqlParams();
  let where = inScope('c.tenant_id', scope, p);
  if (filter.deviceId) where += ` and c.device_id = ${p.add(filter.deviceId)}`;
  if (filter.status) where += ` and ${IN_STATUS[filter.status]}`;
  if (filter.searchPattern) where += ` and upper(d.name || ' ' || c.command_type) like ${p.add(filter.searchPattern)}`;
  return pagedQuery<SentCommand>(
    q,
    {
      select: `c.id, c.device_id as "deviceId", d.name as "deviceName", c.command_type as "commandType", c.attributes,
        ${STATUS_OF} as status,
        case when u.id is null then null else json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) end as "sentBy",
        c.date_created as "dateCreated", c.sent_at as "sentAt", c.answered_at as "answeredAt", c.failed_at as "failedAt",
        c.result, c.failure`,
      from: `from command_queue c join geo_devices d on d.id = c.device_id left join users u on u.id = c.created_user_id where ${where}`,
      params: p.values,
    },
    page,
  );
}
