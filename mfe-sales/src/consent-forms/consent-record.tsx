/** A saved form: what was signed, by whom, where and when, with its PDF copy to download. */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Flex, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { CONSENT_KIND_NAMES, MARRIAGE_REGIME_NAMES, type LoanConsent } from '@meridian/shared/contract/loan-consent';
import { formatMinor } from '@meridian/shared/money-text';
import { errorText } from '@meridian/shared/http/api-errors';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { downloadConsentPdf } from './consent-api';
import { CONSENT_TEXT } from './consent-text';

export function PdfButton({ consent, compact = false }: { consent: LoanConsent; compact?: boolean }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadConsentPdf(consent);
    } catch (error) {
      void message.error(`${CONSENT_TEXT.pdfFailed} ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      type={compact ? 'link' : 'primary'}
      aria-label={compact ? `${CONSENT_TEXT.downloadPdf}: ${consent.signerName}` : undefined}
    >
      {CONSENT_TEXT.downloadPdf}
    </Button>
  );
}

export function ConsentRecord({ consent, onAnother }: { consent: LoanConsent; onAnother(): void }) {
  const format = useTenantFormat();
  const money = (minor: number | null) => (minor === null ? '-' : formatMinor(minor, consent.currency));
  const items = [
    { key: 'kind', label: CONSENT_TEXT.kind, children: CONSENT_KIND_NAMES[consent.kind] },
    { key: 'name', label: CONSENT_TEXT.signerName, children: consent.signerName },
    { key: 'id', label: CONSENT_TEXT.idNumber, children: consent.idNumber },
    { key: 'phone', label: CONSENT_TEXT.phone, children: consent.phone },
    ...(consent.kind === 'spousal'
      ? [
          {
            key: 'regime',
            label: CONSENT_TEXT.marriageRegime,
            children: consent.marriageRegime ? MARRIAGE_REGIME_NAMES[consent.marriageRegime] : '-',
          },
        ]
      : [
          { key: 'address', label: CONSENT_TEXT.address, children: consent.address },
          { key: 'relationship', label: CONSENT_TEXT.relationship, children: consent.relationship },
          { key: 'income', label: CONSENT_TEXT.monthlyIncome, children: money(consent.monthlyIncomeMinor) },
          { key: 'guaranteed', label: CONSENT_TEXT.guaranteed, children: money(consent.guaranteedMinor) },
        ]),
    { key: 'place', label: CONSENT_TEXT.signedPlace, children: consent.signedPlace },
    { key: 'at', label: CONSENT_TEXT.signedAt, children: format.moment(consent.signedAt) },
    { key: 'by', label: CONSENT_TEXT.capturedBy, children: consent.capturedBy },
  ];
  return (
    <Flex vertical gap={16}>
      <Alert type="success" showIcon title={CONSENT_TEXT.saved} />
      {consent.voided && <Tag color="red">{CONSENT_TEXT.voided}</Tag>}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />
      <Flex gap={8} wrap>
        <PdfButton consent={consent} />
        <Button onClick={onAnother}>{CONSENT_TEXT.captureAnother}</Button>
      </Flex>
    </Flex>
  );
}
