/** How rule rows are written in the event actions table: name, event, conditions, what it does, devices, tenant, and the row's actions. */
import { Button, Flex, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import type { EventAction, EventActionTimeWindow } from '@meridian/shared/contract/event-action';
import { EditRowButton, DeleteRowButton } from '@meridian/shared/ui/row-buttons';
import { MESSAGES } from '@meridian/shared/messages';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import {
  commandText,
  DAY_NAMES,
  devicesCountText,
  eventTypeName,
  firingsOfLabel,
  inGeofenceText,
  ioConditionText,
  mailText,
  notifyText,
  TRACKING_TEXT,
  windowText,
} from '../parts/tracking-text';

export interface EventActionRowActions {
  canEdit: boolean;
  canDelete: boolean;
  /** Names of the geofences and saved commands the rules point at, where the caller may read them. */
  fenceNames: ReadonlyMap<string, string>;
  commandNames: ReadonlyMap<string, string>;
  onEdit(rule: EventAction): void;
  onDelete(rule: EventAction): void;
  onFirings(rule: EventAction): void;
}

/** "Mon–Fri", "Mon, Wed, Sat–Sun": runs of following days read as one. */
export function daysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) => (run.length > 1 ? `${DAY_NAMES[run[0]! - 1]}–${DAY_NAMES[run.at(-1)! - 1]}` : DAY_NAMES[run[0]! - 1]))
    .join(', ');
}

const timeWindowText = (w: EventActionTimeWindow) => windowText(daysText(w.days), w.start, w.end);

export function conditionsText(rule: EventAction, fenceNames: ReadonlyMap<string, string>): string {
  const parts = [
    rule.ioId !== null ? ioConditionText(rule.ioId, rule.ioValue) : null,
    rule.geofenceId ? inGeofenceText(fenceNames.get(rule.geofenceId) ?? TRACKING_TEXT.geofence.toLowerCase()) : null,
    rule.timeWindow ? timeWindowText(rule.timeWindow) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : TRACKING_TEXT.noConditions;
}

export function doesText(rule: EventAction, commandNames: ReadonlyMap<string, string>): string {
  const mails = rule.emailAddresses.length + rule.emailUserIds.length;
  // Every rule notifies and mails; a command rule sends its command as well (api/src/tracking/processing/event-rules.ts).
  return [
    rule.action === 'command' ? commandText(rule.commandId ? (commandNames.get(rule.commandId) ?? null) : null) : null,
    rule.notifyUserIds.length > 0 ? notifyText(rule.notifyUserIds.length) : TRACKING_TEXT.notifyInApp,
    mails > 0 ? mailText(mails) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function eventActionColumns(format: TenantFormatters, actions: EventActionRowActions): PagedColumn<EventAction>[] {
  return [
    {
      title: TRACKING_TEXT.ruleName,
      key: 'name',
      sortField: 'name',
      render: (_: unknown, rule: EventAction) =>
        actions.canEdit ? (
          <Typography.Link onClick={() => actions.onEdit(rule)}>{rule.name}</Typography.Link>
        ) : (
          <Typography.Text>{rule.name}</Typography.Text>
        ),
    },
    { title: TRACKING_TEXT.eventType, dataIndex: 'eventType', sortField: 'eventType', render: (type: string) => eventTypeName(type) },
    {
      title: TRACKING_TEXT.conditions,
      key: 'conditions',
      maxWidth: 280,
      render: (_: unknown, rule: EventAction) => conditionsText(rule, actions.fenceNames),
    },
    {
      title: TRACKING_TEXT.whatItDoes,
      key: 'action',
      sortField: 'action',
      maxWidth: 240,
      render: (_: unknown, rule: EventAction) => doesText(rule, actions.commandNames),
    },
    {
      title: TRACKING_TEXT.ruleDevices,
      key: 'devices',
      render: (_: unknown, rule: EventAction) => devicesCountText(rule.deviceIds.length),
    },
    { title: TRACKING_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName', optional: true },
    {
      title: TRACKING_TEXT.created,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      hiddenByDefault: true,
      render: (iso: string) => format.day(iso),
    },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      actions: true,
      render: (_: unknown, rule: EventAction) => (
        <Flex gap={4} wrap={false}>
          <Button
            size="small"
            type="text"
            icon={<HistoryOutlined />}
            aria-label={firingsOfLabel(rule.name)}
            title={firingsOfLabel(rule.name)}
            onClick={() => actions.onFirings(rule)}
          />
          {actions.canEdit && <EditRowButton name={rule.name} onClick={() => actions.onEdit(rule)} />}
          {actions.canDelete && <DeleteRowButton name={rule.name} onClick={() => actions.onDelete(rule)} />}
        </Flex>
      ),
    },
  ];
}
