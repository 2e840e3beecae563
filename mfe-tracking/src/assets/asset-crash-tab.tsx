/**
 * The Crash tab (tracking spec 2, 4): the asset's crashes split by status, NEW (shown as automatic),
 * REJECTED and APPROVED, newest first, 100 a page. A reviewer approves or rejects a NEW crash with a
 * comment (a rejection must say why, as the contract checks); the crash then moves to its list.
 */
import { useState } from 'react';
import { Alert, App, Button, Flex, Input, Modal, Segmented, Table } from 'antd';
import { crashEvents } from '@meridian/shared/contract/areas/tracking';
import { CRASH_LIMITS, crashReviewSchema, type CrashEvent, type CrashStatus } from '@meridian/shared/contract/crash-event';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { ASSET_API } from './asset-api';
import { ASSET_TEXT } from './asset-text';

const STATUS_CHOICES: { value: CrashStatus; label: string }[] = [
  { value: 'NEW', label: ASSET_TEXT.crashAutomatic },
  { value: 'REJECTED', label: ASSET_TEXT.crashRejected },
  { value: 'APPROVED', label: ASSET_TEXT.crashApproved },
];

type Review = { crash: CrashEvent; status: 'APPROVED' | 'REJECTED' };

function ReviewDialog({ review, onClose, onDone }: { review: Review | null; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!review) return;
    const parsed = crashReviewSchema.safeParse({ status: review.status, comment });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      await api.put(ASSET_API.reviewCrash(review.crash.id), parsed.data);
      void message.success(review.status === 'APPROVED' ? ASSET_TEXT.crashApprovedDone : ASSET_TEXT.crashRejectedDone);
      setComment('');
      setProblem(null);
      onDone();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={ASSET_TEXT.reviewTitle}
      open={review !== null}
      okText={review?.status === 'APPROVED' ? ASSET_TEXT.approve : ASSET_TEXT.reject}
      okButtonProps={{ danger: review?.status === 'REJECTED', loading: busy }}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Input.TextArea
          aria-label={ASSET_TEXT.reviewComment}
          placeholder={ASSET_TEXT.reviewComment}
          maxLength={CRASH_LIMITS.commentMaxLength}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        {problem && <Alert type="error" showIcon title={problem} />}
      </Flex>
    </Modal>
  );
}

/** The crashes of an asset, or of every asset the caller sees (`assetId` null: the workbench's list). */
export function AssetCrashTab({ assetId }: { assetId: string | null }) {
  const format = useTenantFormat();
  const canReview = useCan(crashEvents, 'review');
  const [status, setStatus] = useState<CrashStatus>('NEW');
  const [page, setPage] = useState(1);
  const [review, setReview] = useState<Review | null>(null);
  const list = useLoad(
    (signal) => api.get<CrashEvent[]>(ASSET_API.crashes(assetId, status), { signal, query: { page, size: CRASH_LIMITS.pageSize } }),
    [assetId, status, page],
  );

  return (
    <Flex vertical gap={12}>
      <Segmented<CrashStatus>
        options={STATUS_CHOICES}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      {list.status === 'failed' ? (
        <LoadFailedAlert error={list.error} onRetry={list.reload} />
      ) : (
        <Table<CrashEvent>
          aria-label={STATUS_CHOICES.find((c) => c.value === status)!.label}
          size="small"
          loading={list.status === 'loading'}
          dataSource={list.status === 'loaded' ? list.data.data : []}
          rowKey={(c) => c.id}
          locale={{ emptyText: ASSET_TEXT.noCrashes }}
          pagination={{
            current: page,
            pageSize: CRASH_LIMITS.pageSize,
            total: list.status === 'loaded' ? (list.data.paging?.total ?? 0) : 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          columns={[
            { title: ASSET_TEXT.occurredAt, dataIndex: 'occurredAt', render: (iso: string) => format.moment(iso) },
            { title: ASSET_TEXT.kind, dataIndex: 'kind' },
            { title: ASSET_TEXT.reading, dataIndex: 'reading', render: (g: number | null) => (g === null ? '—' : g.toFixed(1)) },
            { title: ASSET_TEXT.device, dataIndex: 'deviceName' },
            ...(status === 'NEW'
              ? []
              : [
                  { title: ASSET_TEXT.reviewer, dataIndex: 'reviewedByName', render: (name: string | null) => name ?? '—' },
                  { title: ASSET_TEXT.comment, dataIndex: 'reviewComment', render: (text: string | null) => text ?? '—' },
                ]),
            ...(status === 'NEW' && canReview
              ? [
                  {
                    title: '',
                    key: 'review',
                    render: (_: unknown, crash: CrashEvent) => (
                      <Flex gap={4}>
                        <Button size="small" onClick={() => setReview({ crash, status: 'APPROVED' })}>
                          {ASSET_TEXT.approve}
                        </Button>
                        <Button size="small" danger onClick={() => setReview({ crash, status: 'REJECTED' })}>
                          {ASSET_TEXT.reject}
                        </Button>
                      </Flex>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <ReviewDialog
        review={review}
        onClose={() => setReview(null)}
        onDone={() => {
          setReview(null);
          list.reload();
        }}
      />
    </Flex>
  );
}
