/**
 * "Find by mobile" on the clients list: the number typed (0 followed by 9 digits, checked before any
 * call) is looked up with GET /api/clients/get-person-by-mobile-phone/{phone}. A client found opens
 * in the edit form for those who may edit, and is shown in a dialog for the others; none found says
 * so under the box.
 */
import { useState } from 'react';
import { App, Descriptions, Flex, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { Client } from '@meridian/shared/contract/client';
import { api } from '@meridian/shared/http/api';
import { errorText, isApiStatus } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { phoneSchema } from '@meridian/shared/validation';
import { fullName } from '@meridian/shared/format';
import { editClientPath } from './client-paths';
import { CLIENT_TEXT, noClientWithMobile } from './client-text';
import { useCan } from '@meridian/shared/session/use-can';
import { clients } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export function ClientDetails({ client }: { client: Client }) {
  const format = useTenantFormat();
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={MESSAGES.name}>{fullName(client)}</Descriptions.Item>
      <Descriptions.Item label={MESSAGES.mobile}>{client.mobile ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={MESSAGES.emailAddress}>{client.emailAddress ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={CLIENT_TEXT.idNumber}>{client.idNumber ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={CLIENT_TEXT.dateOfBirth}>{format.day(client.dateOfBirth)}</Descriptions.Item>
      <Descriptions.Item label={MESSAGES.tenant}>{client.tenantName}</Descriptions.Item>
      <Descriptions.Item label={CLIENT_TEXT.groups}>
        {client.groups.length ? client.groups.map((g) => g.name).join(', ') : CLIENT_TEXT.noGroupsOfClient}
      </Descriptions.Item>
    </Descriptions>
  );
}

export function FindByMobile() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const canEdit = useCan(clients, 'edit');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; kind: 'warning' | 'danger' } | null>(null);

  const find = async (value: string) => {
    setNote(null);
    const phone = phoneSchema.safeParse(value);
    if (!phone.success) {
      setNote({ text: phone.error.issues[0]?.message ?? MESSAGES.validationFailed, kind: 'danger' });
      return;
    }
    setBusy(true);
    try {
      const { data: client } = await api.get<Client>(`/api/clients/get-person-by-mobile-phone/${encodeURIComponent(phone.data)}`);
      if (canEdit) void navigate(editClientPath(client.Id));
      else void modal.info({ title: CLIENT_TEXT.clientFound, content: <ClientDetails client={client} />, width: 520 });
    } catch (error) {
      setNote(
        isApiStatus(error, 404) ? { text: noClientWithMobile(phone.data), kind: 'warning' } : { text: errorText(error), kind: 'danger' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={2}>
      <Input.Search
        aria-label={CLIENT_TEXT.findByMobile}
        placeholder={CLIENT_TEXT.findByMobilePlaceholder}
        enterButton={CLIENT_TEXT.findByMobile}
        type="tel"
        inputMode="tel"
        value={typed}
        loading={busy}
        onChange={(event) => {
          setTyped(event.target.value);
          setNote(null);
        }}
        onSearch={(value) => void find(value)}
        style={{ width: 320 }}
      />
      {note && (
        <Typography.Text type={note.kind} role="status">
          {note.text}
        </Typography.Text>
      )}
    </Flex>
  );
}
