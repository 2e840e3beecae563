/** The forms already captured for a loan (both kinds, voided ones marked), each with its PDF. */
import { Tag } from 'antd';
import { CONSENT_KIND_NAMES, type LoanConsent } from '@meridian/shared/contract/loan-consent';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { CONSENTS_URL } from './consent-api';
import { PdfButton } from './consent-record';
import { CONSENT_TEXT } from './consent-text';

export function ConsentList({ loanId, reloadToken }: { loanId: string; reloadToken: number }) {
  const format = useTenantFormat();
  const columns: PagedColumn<LoanConsent>[] = [
    {
      title: CONSENT_TEXT.kind,
      key: 'kind',
      render: (_: unknown, row) => (
        <>
          {CONSENT_KIND_NAMES[row.kind]} {row.voided && <Tag color="red">{CONSENT_TEXT.voided}</Tag>}
        </>
      ),
    },
    { title: CONSENT_TEXT.signer, dataIndex: 'signerName', sortField: 'signerName' },
    { title: CONSENT_TEXT.signedAt, key: 'signedAt', sortField: 'signedAt', render: (_: unknown, row) => format.moment(row.signedAt) },
    { title: CONSENT_TEXT.capturedBy, dataIndex: 'capturedBy', optional: true },
    { title: CONSENT_TEXT.downloadPdf, key: 'pdf', actions: true, render: (_: unknown, row) => <PdfButton consent={row} compact /> },
  ];
  return (
    <PagedTable<LoanConsent>
      url={CONSENTS_URL}
      filters={{ loanId }}
      columns={columns}
      rowKey={(row) => row.id}
      label={CONSENT_TEXT.capturedForms}
      emptyText={CONSENT_TEXT.noForms}
      searchable={false}
      defaultSort={{ field: 'signedAt', order: 'DESC' }}
      reloadToken={reloadToken}
      stateKey="forms"
    />
  );
}
