/**
 * /clients/phone-book: the clients who can be reached (a mobile or an e-mail address), by last name:
 * paged, sorted and searched on the server (GET /api/clients/phone-book), narrowed by the first letter
 * of the last name. A mobile is a tel: link, so a phone dials it; an e-mail address a mailto: link.
 */
import { Radio } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { PhoneBookEntry } from '@meridian/shared/contract/client';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { CLIENTS_LIST_PATH } from './client-paths';
import { callLabel, CLIENT_TEXT, mailLabel } from './client-text';

const LETTERS = [
  { value: '', label: CLIENT_TEXT.allLetters },
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((letter) => ({ value: letter, label: letter })),
];

const columns: PagedColumn<PhoneBookEntry>[] = [
  { title: MESSAGES.name, key: 'name', sortField: 'lastName', render: (_: unknown, e: PhoneBookEntry) => `${e.lastName}, ${e.firstName}` },
  {
    title: MESSAGES.mobile,
    dataIndex: 'mobile',
    render: (mobile: string | null, e: PhoneBookEntry) =>
      mobile ? (
        <a href={`tel:${mobile}`} aria-label={callLabel(fullName(e), mobile)}>
          <PhoneOutlined /> {mobile}
        </a>
      ) : (
        '—'
      ),
  },
  {
    title: MESSAGES.emailAddress,
    dataIndex: 'emailAddress',
    render: (email: string | null, e: PhoneBookEntry) =>
      email ? (
        <a href={`mailto:${email}`} aria-label={mailLabel(fullName(e), email)}>
          {email}
        </a>
      ) : (
        '—'
      ),
  },
  { title: MESSAGES.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
];

export default function PhoneBookPage() {
  const [params, setParams] = useSearchParams();
  const letter = params.get('letter') ?? undefined;
  const setLetter = (value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('letter', value);
        else next.delete('letter');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <PageFrame title={CLIENT_TEXT.phoneBook} actions={<LinkButton to={CLIENTS_LIST_PATH}>{CLIENT_TEXT.backToClients}</LinkButton>}>
      <PagedTable<PhoneBookEntry>
        url="/api/clients/phone-book"
        filters={{ letter }}
        columns={columns}
        rowKey={(e) => e.Id}
        label={CLIENT_TEXT.phoneBook}
        emptyText={CLIENT_TEXT.noPhoneBookEntries}
        searchPlaceholder={CLIENT_TEXT.searchPhoneBook}
        defaultSort={{ field: 'lastName', order: 'ASC' }}
        toolbar={
          <Radio.Group
            aria-label={CLIENT_TEXT.filterByLetter}
            optionType="button"
            buttonStyle="solid"
            size="small"
            options={LETTERS}
            value={letter ?? ''}
            onChange={(event) => setLetter(event.target.value || undefined)}
          />
        }
      />
    </PageFrame>
  );
}
