/** A user's recent sign-ins, on the edit page: the login report filtered to this user. */
import { Card, Table, Tag, Typography, type TableColumnType } from 'antd';
import type { User } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { type TenantFormatters } from '@meridian/shared/session/tenant-settings';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { noSignInsMessage, signInHistoryWindow, USER_TEXT } from './user-text';

/** One row of the login report. */
export interface LoginReportRow {
  Id: string;
  userId: string;
  userName: string;
  success: boolean;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  dateCreated: string;
}

export const SIGN_IN_HISTORY_DAYS = 90;
/** The newest sign-ins asked for; the panel pages through them itself. */
const SIGN_IN_HISTORY_ROWS = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

const columnsFor = (format: TenantFormatters): TableColumnType<LoginReportRow>[] => [
  { title: USER_TEXT.signInWhen, dataIndex: 'dateCreated', render: (value: string) => format.moment(value) },
  {
    title: USER_TEXT.signInOutcome,
    dataIndex: 'success',
    render: (success: boolean) =>
      success ? <Tag color="success">{USER_TEXT.signInSucceeded}</Tag> : <Tag color="error">{USER_TEXT.signInRefused}</Tag>,
  },
  { title: USER_TEXT.signInReason, dataIndex: 'reason', render: (value: string | null) => value ?? '—' },
  { title: USER_TEXT.ipAddress, dataIndex: 'ip', render: (value: string | null) => value ?? '—' },
  {
    title: USER_TEXT.device,
    dataIndex: 'userAgent',
    render: (value: string | null) =>
      value ? (
        <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 320 }}>
          {value}
        </Typography.Text>
      ) : (
        '—'
      ),
  },
];

export function LoginHistoryPanel({ user }: { user: Pick<User, 'Id'> }) {
  const format = useTenantFormat();
  const history = useLoad(
    (signal) => {
      const now = Date.now();
      return api.get<LoginReportRow[]>('/api/users/loginreport', {
        signal,
        query: {
          userId: user.Id,
          startDate: new Date(now - SIGN_IN_HISTORY_DAYS * DAY_MS).toISOString(),
          endDate: new Date(now + DAY_MS).toISOString(),
          page: 1,
          size: SIGN_IN_HISTORY_ROWS,
          sortField: 'dateCreated',
          sortOrder: 'DESC',
        },
      });
    },
    [user.Id],
  );
  const rows = history.status === 'loaded' ? history.data.data : [];

  return (
    <Card
      title={USER_TEXT.signInHistory}
      extra={<Typography.Text type="secondary">{signInHistoryWindow(SIGN_IN_HISTORY_DAYS)}</Typography.Text>}
    >
      {history.status === 'failed' ? (
        <LoadFailedAlert error={history.error} onRetry={history.reload} />
      ) : (
        <Table<LoginReportRow>
          aria-label={USER_TEXT.signInHistory}
          rowKey={(row) => row.Id}
          columns={columnsFor(format)}
          dataSource={rows}
          loading={history.status === 'loading'}
          locale={{ emptyText: noSignInsMessage(SIGN_IN_HISTORY_DAYS) }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          size="small"
          scroll={{ x: 'max-content' }}
        />
      )}
    </Card>
  );
}
