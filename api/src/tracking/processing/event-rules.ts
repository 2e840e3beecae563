/**
 * Event actions as rules run at ingest (issue 19 item 4): the rules that watch a device are those of
 * its tenant and every tenant above it. They are read per device tenant in one statement for a batch's
 * tenants not held (or held past the TTL), kept in memory, and forgotten at once when this process
 * changes a rule (tracking-changes.ts); another process's change shows within the TTL, as with
 * geofences. Matching is in memory: a batch costs no statement for it.
 */
import type { EventActionTimeWindow } from '@meridian/shared/contract/event-action';
import { wallClockIn } from '@meridian/shared/zone-clock';
import type { Queryable } from '../../db/database';
import { pathWithin } from '../../tenancy/subtree';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import type { DetectedEvent } from './position-events';

export interface EventRule {
  id: string;
  tenantId: string;
  name: string;
  eventType: string;
  /** Attribute names the IO element may be kept under: `io<id>` and those event IO entries give it. */
  ioKeys: string[] | null;
  ioValue: string | null;
  geofenceId: string | null;
  timeWindow: EventActionTimeWindow | null;
  /** The rule tenant's time zone, for the window. */
  timeZone: string;
  /** Null: every device of the subtree. */
  deviceIds: ReadonlySet<string> | null;
  notifyUserIds: string[];
  /** Addresses and the named users' addresses, each once. */
  emails: string[];
  /** What a command rule sends; `commandMissing` when its saved command is gone. */
  command: { type: string; attributes: Record<string, unknown> } | null;
  commandMissing: boolean;
}

interface RuleRow {
  deviceTenantId: string;
  id: string;
  tenantId: string;
  name: string;
  eventType: string;
  action: string;
  ioId: number | null;
  ioValue: string | null;
  geofenceId: string | null;
  timeWindow: EventActionTimeWindow | null;
  notifyUserIds: string[];
  emailAddresses: string[];
  userEmails: string[];
  deviceIds: string[];
  scoped: boolean;
  ioAttributes: string[];
  commandType: string | null;
  commandAttributes: Record<string, unknown> | null;
}

const RULES_SQL = `
  select dt.id as "deviceTenantId", a.id, a.tenant_id as "tenantId", a.name, a.event_type as "eventType", a.action,
         a.io_id as "ioId", a.io_value as "ioValue", a.geofence_id as "geofenceId", a.time_window as "timeWindow",
         a.notify_user_ids as "notifyUserIds", a.email_addresses as "emailAddresses",
         (select coalesce(jsonb_agg(u.email_address), '[]'::jsonb)
            from jsonb_array_elements_text(a.email_user_ids) as named(id) join users u on u.id = named.id::uuid and u.deleted_at is null
         ) as "userEmails",
         (select coalesce(jsonb_agg(watched.device_id), '[]'::jsonb) from (
            select ad.device_id from event_action_devices ad where ad.event_action_id = a.id
            union select fitted.device_id from event_action_assets aa join asset_devices fitted on fitted.asset_id = aa.asset_id
             where aa.event_action_id = a.id) watched) as "deviceIds",
         exists (select 1 from event_action_devices ad where ad.event_action_id = a.id)
           or exists (select 1 from event_action_assets aa where aa.event_action_id = a.id) as scoped,
         (select coalesce(jsonb_agg(distinct io.attribute), '[]'::jsonb)
            from event_ios io join tenants it on it.id = io.tenant_id
           where a.io_id is not null and io.io_id = a.io_id and io.deleted_at is null and ${pathWithin('dt.path', 'it.path')}
         ) as "ioAttributes",
         c.command_type as "commandType", c.attributes as "commandAttributes"
    from unnest($1::uuid[]) as wanted(id)
    join tenants dt on dt.id = wanted.id
    join tenants at on ${pathWithin('dt.path', 'at.path')} and at.deleted_at is null
    join event_actions a on a.tenant_id = at.id and a.deleted_at is null
    left join commands c on a.action = 'command' and c.deleted_at is null
          and c.id = case when a.attributes->>'commandId' ~ '^[0-9a-f-]{36}$' then (a.attributes->>'commandId')::uuid end`;

interface TenantRules {
  rules: EventRule[];
  staleAt: number;
}

export interface EventRuleIndex {
  /** Reads the rules of the tenants not held or held too long; call before `rulesOf`. */
  load(q: Queryable, tenantIds: readonly string[]): Promise<void>;
  /** The rules watching devices of the tenant, by event type. */
  rulesOf(tenantId: string): ReadonlyMap<string, EventRule[]>;
  invalidate(): void;
}

const EMPTY = new Map<string, EventRule[]>();

async function ruleOf(q: Queryable, row: RuleRow): Promise<EventRule> {
  const isCommand = row.action === 'command';
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    eventType: row.eventType,
    ioKeys: row.ioId === null ? null : [`io${row.ioId}`, ...row.ioAttributes],
    ioValue: row.ioValue,
    geofenceId: row.geofenceId,
    timeWindow: row.timeWindow,
    // Only a windowed rule needs its zone; the lookup is kept a moment per tenant.
    timeZone: row.timeWindow ? await tenantTimeZone(q, row.tenantId) : 'UTC',
    // Scoped to devices or assets: those (an asset with no device fitted watches nothing); else every device.
    deviceIds: row.scoped ? new Set(row.deviceIds) : null,
    notifyUserIds: row.notifyUserIds,
    emails: [...new Set([...row.emailAddresses, ...row.userEmails].map((email) => email.toLowerCase()))],
    command: isCommand && row.commandType ? { type: row.commandType, attributes: row.commandAttributes ?? {} } : null,
    commandMissing: isCommand && !row.commandType,
  };
}

export function createEventRuleIndex({ ttlMs, now = Date.now }: { ttlMs: number; now?: () => number }): EventRuleIndex {
  const tenants = new Map<string, TenantRules & { byType: Map<string, EventRule[]> }>();
  return {
    async load(q, tenantIds) {
      const at = now();
      const missing = [...new Set(tenantIds)].filter((id) => !(at < (tenants.get(id)?.staleAt ?? 0)));
      if (missing.length === 0) return;
      const rows = await q.query<RuleRow>(RULES_SQL, [missing]);
      const loaded = new Map<string, EventRule[]>(missing.map((id) => [id, []]));
      for (const row of rows) loaded.get(row.deviceTenantId)!.push(await ruleOf(q, row));
      for (const [tenantId, rules] of loaded) {
        const byType = new Map<string, EventRule[]>();
        for (const rule of rules) byType.set(rule.eventType, [...(byType.get(rule.eventType) ?? []), rule]);
        tenants.set(tenantId, { rules, byType, staleAt: at + ttlMs });
      }
    },
    rulesOf: (tenantId) => tenants.get(tenantId)?.byType ?? EMPTY,
    invalidate: () => tenants.clear(),
  };
}

/** An IO reading equals the rule's value as text; a boolean also matches 1/0. */
function sameValue(reading: unknown, wanted: string) {
  if (typeof reading === 'boolean') return wanted === String(reading) || wanted === (reading ? '1' : '0');
  return String(reading) === wanted;
}

function ioHolds(rule: EventRule, attributes: Record<string, unknown>) {
  if (!rule.ioKeys) return true;
  const key = rule.ioKeys.find((k) => attributes[k] !== undefined && attributes[k] !== null);
  if (key === undefined) return false;
  return rule.ioValue === null || sameValue(attributes[key], rule.ioValue);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant falls in the weekly window, read in the zone; a window past midnight belongs to the day it starts. */
export function inTimeWindow(time: number, window: EventActionTimeWindow, timeZone: string): boolean {
  const clock = wallClockIn(time, timeZone);
  const isoDay = ((new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay() + 6) % 7) + 1;
  const minute = clock.hour * 60 + clock.minute;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start < end) return window.days.includes(isoDay) && minute >= start && minute < end;
  const yesterday = isoDay === 1 ? 7 : isoDay - 1;
  return (window.days.includes(isoDay) && minute >= start) || (window.days.includes(yesterday) && minute < end);
}

/** The rules an event of a device satisfies; `insideFenceIds` are the fences the device is in at that position. */
export function matchingRules(
  rules: ReadonlyMap<string, EventRule[]>,
  deviceId: string,
  event: DetectedEvent,
  attributes: Record<string, unknown>,
  insideFenceIds: readonly string[],
): EventRule[] {
  const candidates = rules.get(event.type);
  if (!candidates) return [];
  return candidates.filter(
    (rule) =>
      (rule.deviceIds === null || rule.deviceIds.has(deviceId)) &&
      ioHolds(rule, attributes) &&
      (rule.geofenceId === null ||
        (event.geofenceId !== undefined ? event.geofenceId === rule.geofenceId : insideFenceIds.includes(rule.geofenceId))) &&
      (rule.timeWindow === null || inTimeWindow(event.time, rule.timeWindow, rule.timeZone)),
  );
}
