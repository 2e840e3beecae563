/**
 * The Dispatch tab of a repossession's details page: its dispatches to spotters and third parties with
 * their rewards, each open one closed with its outcome (recovered it / failed) and its reward published
 * or withdrawn; and, while the repossession is looked for, the form to dispatch it again.
 */
import { App, Button, Card, Flex, Space, Table, Tag } from 'antd';
import { dispatches } from '@meridian/shared/contract/areas/vehicles';
import type { Dispatch } from '@meridian/shared/contract/dispatch';
import type { RepossessionDetails, RepossessionStatus } from '@meridian/shared/contract/repossession';
import { WANTED_STATUSES } from '@meridian/shared/contract/sighting';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { formatMinor } from '@meridian/shared/money-text';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { DispatchForm } from './dispatch-form';
import { DISPATCH_STATUS_LABELS, DISPATCH_TEXT } from './dispatch-text';
import { RECOVERY_API } from './recovery-api';

const isLookedFor = (status: RepossessionStatus) => (WANTED_STATUSES as readonly string[]).includes(status);

export function DispatchTab({ repossession, reload }: { repossession: RepossessionDetails; reload: () => void }) {
  const { message } = App.useApp();
  const format = useTenantFormat();
  const canCreate = useCan(dispatches, 'create');
  const canEdit = useCan(dispatches, 'edit');
  const { confirmAction, reloadToken } = useConfirmedAction();
  // `reloadToken` is not read by the call: a bump of it (after an outcome) loads the dispatches again.
  const state = useLoad(
    (signal) => api.get<Dispatch[]>(RECOVERY_API.dispatchesOf(repossession.id), { signal }).then((r) => r.data),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token is read by no call: its bump loads again
    [repossession.id, reloadToken],
  );

  const outcome = (d: Dispatch, success: boolean) =>
    confirmAction({
      question: success ? DISPATCH_TEXT.succeededQuestion : DISPATCH_TEXT.failedQuestion,
      detail: success ? DISPATCH_TEXT.succeededDetail : DISPATCH_TEXT.failedDetail,
      okText: success ? DISPATCH_TEXT.succeeded : DISPATCH_TEXT.failed,
      // An outcome may move the repossession (to Recovered): its page reloads too.
      call: async () => {
        await api.put(RECOVERY_API.dispatchStatus, { dispatchId: d.id, success });
        reload();
      },
      done: DISPATCH_TEXT.outcomeSaved,
    });

  const publish = async (d: Dispatch, success: boolean) => {
    try {
      await api.put(RECOVERY_API.publish, { rewardId: d.reward!.id, success });
      void message.success(success ? DISPATCH_TEXT.publishedMessage : DISPATCH_TEXT.unpublishedMessage);
      state.reload();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const columns = [
    { title: DISPATCH_TEXT.assignee, key: 'assignee', render: (_: unknown, d: Dispatch) => d.assigneeName },
    {
      title: DISPATCH_TEXT.status,
      key: 'status',
      render: (_: unknown, d: Dispatch) => (
        <Tag color={d.status === 'Succeeded' ? 'green' : d.status === 'Failed' ? 'default' : 'blue'}>
          {DISPATCH_STATUS_LABELS[d.status]}
        </Tag>
      ),
    },
    {
      title: DISPATCH_TEXT.reward,
      key: 'reward',
      render: (_: unknown, d: Dispatch) =>
        d.reward ? (
          <Space size={4} wrap>
            {formatMinor(d.reward.amountMinor, d.reward.currency)}
            {d.reward.published && <Tag color="gold">{DISPATCH_TEXT.published}</Tag>}
            {d.reward.earned && <Tag color="green">{DISPATCH_TEXT.earned}</Tag>}
          </Space>
        ) : (
          DISPATCH_TEXT.noReward
        ),
    },
    { title: DISPATCH_TEXT.dispatched, key: 'dateCreated', render: (_: unknown, d: Dispatch) => format.moment(d.dateCreated) },
    { title: DISPATCH_TEXT.note, key: 'note', render: (_: unknown, d: Dispatch) => d.note ?? '' },
    ...(canEdit
      ? [
          {
            title: DISPATCH_TEXT.actions,
            key: 'actions',
            render: (_: unknown, d: Dispatch) =>
              d.status === 'Open' && (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => outcome(d, true)}>
                    {DISPATCH_TEXT.succeeded}
                  </Button>
                  <Button size="small" onClick={() => outcome(d, false)}>
                    {DISPATCH_TEXT.failed}
                  </Button>
                  {d.reward && (
                    <Button size="small" onClick={() => void publish(d, !d.reward!.published)}>
                      {d.reward.published ? DISPATCH_TEXT.unpublish : DISPATCH_TEXT.publish}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <LoadPanel state={state}>
        {(rows) => (
          <Table<Dispatch>
            aria-label={DISPATCH_TEXT.dispatches}
            rowKey={(d) => d.id}
            dataSource={rows}
            columns={columns}
            pagination={false}
            size="small"
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: DISPATCH_TEXT.noDispatches }}
          />
        )}
      </LoadPanel>
      {canCreate && isLookedFor(repossession.status) && (
        <Card title={DISPATCH_TEXT.dispatchTo} size="small">
          <DispatchForm
            repossessionId={repossession.id}
            onDispatched={() => {
              state.reload();
              // Dispatching a New repossession moves it to Dispatched.
              if (repossession.status === 'New') reload();
            }}
          />
        </Card>
      )}
    </Flex>
  );
}
