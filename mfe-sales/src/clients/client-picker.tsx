/**
 * Finds clients by name as the user types (POST /api/clients/search, at most a short list of matches)
 * and hands the one picked to `onPick`. Clients already chosen are shown but cannot be picked twice.
 */
import { Alert, Button, Select, Typography } from 'antd';
import type { ClientMatch } from '@meridian/shared/contract/client';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { fullName } from '@meridian/shared/format';
import { useSearchedChoices } from '../parts/use-searched-choices';
import { CLIENT_TEXT } from './client-text';

const findClients = (name: string, signal: AbortSignal) =>
  api.post<ClientMatch[]>('/api/clients/search', { name }, { signal }).then((r) => r.data);

/** "Lerato Dube · 0821234567", what a match is listed as. */
export const matchLabel = (client: ClientMatch) => [fullName(client), client.mobile ?? client.emailAddress].filter(Boolean).join(' · ');

export function ClientPicker({ chosen, onPick }: { chosen: ReadonlySet<string>; onPick(client: ClientMatch): void }) {
  const clients = useSearchedChoices(findClients);
  const options = clients.matches.map((client) => ({ value: client.Id, label: matchLabel(client), disabled: chosen.has(client.Id) }));

  return (
    <>
      <Select<string>
        aria-label={CLIENT_TEXT.addMember}
        placeholder={CLIENT_TEXT.addMemberPlaceholder}
        showSearch={{ filterOption: false, onSearch: clients.onSearch }}
        loading={clients.loading}
        options={options}
        value={null}
        notFoundContent={
          clients.loading ? MESSAGES.loading : <Typography.Text type="secondary">{CLIENT_TEXT.noClientMatches}</Typography.Text>
        }
        onSelect={(id: string) => {
          const client = clients.matches.find((c) => c.Id === id);
          if (client) onPick(client);
        }}
        style={{ width: '100%' }}
      />
      {clients.failed !== null && (
        <Alert
          type="error"
          showIcon
          title={errorText(clients.failed)}
          style={{ marginTop: 8 }}
          action={
            <Button size="small" onClick={clients.reload}>
              {MESSAGES.retry}
            </Button>
          }
        />
      )}
    </>
  );
}
