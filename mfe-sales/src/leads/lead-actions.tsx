/**
 * What can be done to a lead from the list: edit it, download its PDF, change its status (PUT
 * /api/leads/status/:id), assign it to a field agent or take it off one (POST /api/leads/assignlead),
 * send the consent request again (POST /api/leads/resend-consent-request, asked first) and delete it
 * (asked first). A refusal in a dialog stays in the dialog; elsewhere it is a toast.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Dropdown, Flex, Modal, Select, Typography } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FilePdfOutlined,
  MailOutlined,
  MoreOutlined,
  SwapOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { type ConsentRequestSent, type Lead, type LeadListItem, type LeadStatus } from '@meridian/shared/contract/lead';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { AgentSelect } from '../parts/person-select';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { STATUS_CHOICES } from './lead-form-schema';
import { downloadLeadPdf } from './lead-pdf';
import { editLeadPath, LEADS_API } from './lead-paths';
import {
  assignTitle,
  changeStatusTitle,
  consentSentMessage,
  deleteLeadQuestion,
  downloadPdfLabel,
  LEAD_TEXT,
  moreActionsLabel,
  resendConsentQuestion,
} from './lead-text';

type Dialog = { kind: 'status'; lead: LeadListItem } | { kind: 'assign'; lead: LeadListItem } | null;

/** A dialog that sends one change and keeps a refusal in view. */
function ChangeDialog({
  title,
  okText,
  onSend,
  onClose,
  children,
  okDisabled,
}: {
  title: string;
  okText: string;
  onSend(): Promise<void>;
  onClose(): void;
  children: ReactNode;
  okDisabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onSend();
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={MESSAGES.cancelAction}
      confirmLoading={busy}
      okButtonProps={{ disabled: okDisabled }}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {children}
        {failure && <Alert type="error" showIcon title={failure} />}
      </Flex>
    </Modal>
  );
}

function StatusDialog({ lead, onDone, onClose }: { lead: LeadListItem; onDone(): void; onClose(): void }) {
  const { message } = App.useApp();
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  return (
    <ChangeDialog
      title={changeStatusTitle(fullName(lead))}
      okText={LEAD_TEXT.changeStatus}
      okDisabled={status === lead.status}
      onClose={onClose}
      onSend={async () => {
        await api.put<Lead>(LEADS_API.status(lead.Id), { status });
        void message.success(LEAD_TEXT.statusChanged);
        onDone();
      }}
    >
      <Typography.Text>
        {MESSAGES.status}: {lead.status}
      </Typography.Text>
      <Select<LeadStatus>
        aria-label={LEAD_TEXT.newStatus}
        options={STATUS_CHOICES}
        value={status}
        onChange={setStatus}
        style={{ width: '100%' }}
      />
    </ChangeDialog>
  );
}

function AssignDialog({ lead, onDone, onClose }: { lead: LeadListItem; onDone(): void; onClose(): void }) {
  const { message } = App.useApp();
  const [userId, setUserId] = useState<string | null>(lead.assignedUserId);
  const known = lead.assignedUserId && lead.assignedTo ? [{ value: lead.assignedUserId, label: lead.assignedTo }] : [];
  const send = async (agent: string | null) => {
    await api.post<Lead>(LEADS_API.assign, { leadId: lead.Id, userId: agent });
    void message.success(agent ? LEAD_TEXT.leadAssigned : LEAD_TEXT.leadUnassigned);
    onDone();
  };
  return (
    <ChangeDialog
      title={assignTitle(fullName(lead))}
      okText={LEAD_TEXT.assignToAgent}
      okDisabled={!userId || userId === lead.assignedUserId}
      onClose={onClose}
      onSend={() => send(userId)}
    >
      <Typography.Text>
        {LEAD_TEXT.assignedTo}: {lead.assignedTo ?? LEAD_TEXT.notAssigned}
      </Typography.Text>
      <AgentSelect
        ariaLabel={LEAD_TEXT.agent}
        value={userId}
        onChange={(value) => setUserId(typeof value === 'string' ? value : null)}
        known={known}
        style={{ width: '100%' }}
      />
      {lead.assignedUserId && (
        <Button
          onClick={() => {
            void send(null).then(onClose, (error: unknown) => void message.error(errorText(error)));
          }}
        >
          {LEAD_TEXT.unassign}
        </Button>
      )}
    </ChangeDialog>
  );
}

export function useLeadActions() {
  const { modal, message } = App.useApp();
  const { confirmAction, reloadToken: afterConfirmed } = useConfirmedAction();
  const [changes, setChanges] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pdfBusy, setPdfBusy] = useState<string | null>(null);
  const changed = () => setChanges((n) => n + 1);

  const confirmDelete = (lead: LeadListItem) =>
    confirmAction({
      question: deleteLeadQuestion(fullName(lead)),
      detail: LEAD_TEXT.leadDeleteDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.post(LEADS_API.delete, { id: lead.Id }),
      done: LEAD_TEXT.leadDeleted,
    });

  const resendConsent = (lead: LeadListItem) =>
    void modal.confirm({
      title: resendConsentQuestion(fullName(lead)),
      content: LEAD_TEXT.resendConsentDetail,
      okText: LEAD_TEXT.sendAction,
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        try {
          const { data } = await api.post<ConsentRequestSent>(LEADS_API.resendConsentRequest, {
            leadId: lead.Id,
            tenantId: lead.tenantId,
            mobileNumber: lead.contactNumber,
          });
          void message.success(consentSentMessage(data.sentTo));
          changed();
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });

  const downloadPdf = async (lead: LeadListItem) => {
    setPdfBusy(lead.Id);
    try {
      await downloadLeadPdf(lead);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setPdfBusy(null);
    }
  };

  const close = () => setDialog(null);
  const dialogs =
    dialog?.kind === 'status' ? (
      <StatusDialog key={dialog.lead.Id} lead={dialog.lead} onDone={changed} onClose={close} />
    ) : dialog?.kind === 'assign' ? (
      <AssignDialog key={dialog.lead.Id} lead={dialog.lead} onDone={changed} onClose={close} />
    ) : null;

  return {
    confirmDelete,
    resendConsent,
    downloadPdf,
    pdfBusy,
    changeStatus: (lead: LeadListItem) => setDialog({ kind: 'status', lead }),
    assign: (lead: LeadListItem) => setDialog({ kind: 'assign', lead }),
    dialogs,
    /** Changes whenever a lead changed, to load the list again. */
    reloadToken: afterConfirmed + changes,
  };
}

export type LeadActions = ReturnType<typeof useLeadActions>;

/** The buttons of one lead's row: edit and PDF at hand, the rest in a menu; changes only for those who may edit. */
export function LeadRowActions({ lead, actions, canEdit }: { lead: LeadListItem; actions: LeadActions; canEdit: boolean }) {
  const name = fullName(lead);
  const items = [
    { key: 'status', icon: <SwapOutlined />, label: LEAD_TEXT.changeStatus, onClick: () => actions.changeStatus(lead) },
    { key: 'assign', icon: <UserSwitchOutlined />, label: LEAD_TEXT.assignToAgent, onClick: () => actions.assign(lead) },
    ...(lead.consentStatus === 'PROVIDED'
      ? []
      : [{ key: 'consent', icon: <MailOutlined />, label: LEAD_TEXT.resendConsent, onClick: () => actions.resendConsent(lead) }]),
    { type: 'divider' as const },
    { key: 'delete', icon: <DeleteOutlined />, label: MESSAGES.deleteAction, danger: true, onClick: () => actions.confirmDelete(lead) },
  ];
  return (
    <Flex gap={4} wrap={false}>
      {canEdit && (
        <LinkButton
          to={editLeadPath(lead.Id)}
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={userActionLabel(MESSAGES.editAction, name)}
          title={userActionLabel(MESSAGES.editAction, name)}
        >
          {null}
        </LinkButton>
      )}
      <Button
        size="small"
        type="text"
        icon={<FilePdfOutlined />}
        loading={actions.pdfBusy === lead.Id}
        aria-label={downloadPdfLabel(name)}
        title={LEAD_TEXT.downloadPdf}
        onClick={() => void actions.downloadPdf(lead)}
      />
      {canEdit && (
        <Dropdown trigger={['click']} menu={{ items }}>
          <Button size="small" type="text" icon={<MoreOutlined />} aria-label={moreActionsLabel(name)} title={LEAD_TEXT.moreActions} />
        </Dropdown>
      )}
    </Flex>
  );
}
