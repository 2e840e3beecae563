/**
 * The asset panel's Share tab (tracking spec 2): make a link with an expiry, shown once with a copy
 * button (the server keeps only its hash); the asset's links with their state, when they were last
 * opened, a new expiry or revoking. The expiry is checked as it is picked with the contract's rule
 * (in the future, at most 90 days ahead) and again by the server.
 */
import { useState } from 'react';
import { Alert, App, Button, DatePicker, Flex, Input, Popover, Space, Table, Tag, Typography } from 'antd';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { shareLinkExpirySchema, type ShareLink, type ShareLinkCreated, type ShareLinkState } from '@meridian/shared/contract/share-link';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors, errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { DateTimeField, FormAlert, FormFrame, SubmitButton } from '@meridian/shared/ui/form-fields';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { TableBox } from '@meridian/shared/ui/table-box';
import { ASSET_API } from './asset-api';
import { ASSET_TEXT } from './asset-text';

const newLinkSchema = z.object({ expireDate: shareLinkExpirySchema });
type NewLinkInput = z.input<typeof newLinkSchema>;
type NewLinkValues = z.output<typeof newLinkSchema>;

const STATE_TAGS: Record<ShareLinkState, { colour: string; text: string }> = {
  active: { colour: 'success', text: ASSET_TEXT.shareActive },
  revoked: { colour: 'default', text: ASSET_TEXT.shareRevoked },
  expired: { colour: 'warning', text: ASSET_TEXT.shareExpired },
};

/** A day from now, to the minute: what a link is most often made for. */
const tomorrow = () => dayjs().add(1, 'day').second(0).millisecond(0).toISOString();

function MadeLink({ link }: { link: ShareLinkCreated }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      void message.success(ASSET_TEXT.linkCopied);
    } catch {
      void message.warning(ASSET_TEXT.copyFailed);
    }
  };
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      message={ASSET_TEXT.shareLinkMade}
      description={
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input readOnly value={link.url} aria-label={ASSET_TEXT.shareLinkAddress} onFocus={(e) => e.target.select()} />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {ASSET_TEXT.copyLink}
          </Button>
          <Button icon={<ExportOutlined />} href={link.url} target="_blank" rel="noopener noreferrer">
            {ASSET_TEXT.openLink}
          </Button>
        </Space.Compact>
      }
    />
  );
}

function NewLinkForm({ assetId, onMade }: { assetId: string; onMade(link: ShareLinkCreated): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<NewLinkInput, unknown, NewLinkValues>({
    resolver: zodResolver(newLinkSchema),
    mode: 'onChange',
    defaultValues: { expireDate: tomorrow() },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.post<ShareLinkCreated>(ASSET_API.createShareLink, {
        expireDate: values.expireDate.toISOString(),
        assetShareId: assetId,
      });
      onMade(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, ['expireDate'] as const, setError));
    }
  });
  return (
    <FormFrame onSubmit={submit}>
      <DateTimeField control={control} name="expireDate" label={ASSET_TEXT.shareExpiry} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{ASSET_TEXT.createShareLink}</SubmitButton>
    </FormFrame>
  );
}

/** A new expiry for a link, picked in a popover and sent at once. */
function ChangeExpiry({ link, onChanged }: { link: ShareLink; onChanged(): void }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const change = async (picked: Dayjs | null) => {
    if (!picked) return;
    const checked = shareLinkExpirySchema.safeParse(picked.toISOString());
    if (!checked.success) return void message.error(checked.error.issues[0]!.message);
    try {
      await api.put(ASSET_API.updateShareLink, { assetInfoId: link.id, expireDate: picked.toISOString() });
      void message.success(ASSET_TEXT.expiryChanged);
      setOpen(false);
      onChanged();
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={ASSET_TEXT.newExpiry}
      content={
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          aria-label={ASSET_TEXT.newExpiry}
          onChange={(v) => void change(v)}
        />
      }
    >
      <Button size="small">{ASSET_TEXT.changeExpiry}</Button>
    </Popover>
  );
}

export function AssetShareTab({ assetId }: { assetId: string }) {
  const format = useTenantFormat();
  const { modal, message } = App.useApp();
  const [made, setMade] = useState<ShareLinkCreated | null>(null);
  const links = useLoad((signal) => api.get<ShareLink[]>(ASSET_API.shareLinks(assetId), { signal }).then((r) => r.data), [assetId]);

  const revoke = (link: ShareLink) =>
    void modal.confirm({
      title: ASSET_TEXT.revokeQuestion,
      content: ASSET_TEXT.revokeDetail,
      okText: ASSET_TEXT.revoke,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        try {
          await api.put(ASSET_API.updateShareLink, { assetInfoId: link.id, status: 'revoked' });
          void message.success(ASSET_TEXT.linkRevoked);
          if (made?.id === link.id) setMade(null);
          links.reload();
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {ASSET_TEXT.shareIntro}
      </Typography.Paragraph>
      {made && <MadeLink link={made} />}
      <div style={{ maxWidth: 420 }}>
        <NewLinkForm
          assetId={assetId}
          onMade={(link) => {
            setMade(link);
            links.reload();
          }}
        />
      </div>
      {links.status === 'failed' ? (
        <LoadFailedAlert error={links.error} onRetry={links.reload} />
      ) : (
        <TableBox>
          <Table<ShareLink>
            aria-label={ASSET_TEXT.shareLinks}
            rowKey={(l) => l.id}
            loading={links.status === 'loading'}
            dataSource={links.status === 'loaded' ? links.data : []}
            locale={{ emptyText: ASSET_TEXT.noShareLinks }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: ASSET_TEXT.shareState,
                key: 'status',
                render: (_, l) => <Tag color={STATE_TAGS[l.status].colour}>{STATE_TAGS[l.status].text}</Tag>,
              },
              { title: ASSET_TEXT.shareExpiry, key: 'expireDate', render: (_, l) => format.moment(l.expireDate) },
              {
                title: ASSET_TEXT.shareCreatedBy,
                key: 'createdBy',
                render: (_, l) => `${l.createdByName ?? '—'} · ${format.moment(l.dateCreated)}`,
              },
              {
                title: ASSET_TEXT.shareOpened,
                key: 'opened',
                render: (_, l) => (l.lastOpenedAt ? `${format.moment(l.lastOpenedAt)} (${l.openCount})` : ASSET_TEXT.neverOpened),
              },
              {
                title: MESSAGES.rowActions,
                key: 'actions',
                render: (_, l) =>
                  l.status === 'revoked' ? null : (
                    <Flex gap={4}>
                      <ChangeExpiry link={l} onChanged={links.reload} />
                      <Button size="small" danger onClick={() => revoke(l)}>
                        {ASSET_TEXT.revoke}
                      </Button>
                    </Flex>
                  ),
              },
            ]}
          />
        </TableBox>
      )}
    </Flex>
  );
}
