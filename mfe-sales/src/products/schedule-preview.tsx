/**
 * The schedule preview beside the product form: as the product is edited, the repayment schedule a sample
 * loan would get (the amount and term typed here, else the middle of the product's ranges), computed in the
 * browser by shared/lending, the code the server runs on disbursement.
 */
import { useId, useState } from 'react';
import { Alert, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useWatch, type Control } from 'react-hook-form';
import type { ScheduledInstalment } from '@meridian/shared/lending/repayment-schedule';
import { formatMinor } from '@meridian/shared/money-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import type { ProductFormInput, ProductFormValues } from './product-form-schema';
import { ScheduleTable } from '../loans/schedule-table';
import { PRODUCT_TEXT } from './product-text';
import { samplePreview, type SampleTyped } from './sample-schedule';

/** Minor units are bigints here; amounts within the contract's cap are exact as numbers (formatMinor dashes any that are not). */
const money = (minor: bigint, currency: string) => formatMinor(Number(minor), currency);

function SampleField({ label, value, onChange, extra }: { label: string; value: string; onChange(next: string): void; extra: string }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} extra={extra} style={{ marginBottom: 8 }}>
      <Input id={id} value={value} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
    </Form.Item>
  );
}

export function SchedulePreview({ control }: { control: Control<ProductFormInput, unknown, ProductFormValues> }) {
  const format = useTenantFormat();
  const form = useWatch({ control }) as Partial<ProductFormInput>;
  const [typed, setTyped] = useState<SampleTyped>({ amount: '', instalments: '' });
  const currency =
    typeof form.currency === 'string' && /^[A-Za-z]{3}$/.test(form.currency.trim()) ? form.currency.trim().toUpperCase() : '';
  const preview = samplePreview(form, typed, format.calendarDay(new Date().toISOString()));
  const shown = (minor: bigint) => (currency ? money(minor, currency) : String(minor));

  return (
    <Card size="small" title={PRODUCT_TEXT.preview}>
      <Typography.Paragraph type="secondary">{PRODUCT_TEXT.previewHint}</Typography.Paragraph>
      <Form layout="vertical" component={false}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <SampleField
              label={PRODUCT_TEXT.sampleAmount}
              value={typed.amount}
              onChange={(amount) => setTyped((t) => ({ ...t, amount }))}
              extra={
                preview.status === 'ready' && preview.defaulted.amount
                  ? `${shown(BigInt(preview.amountMinor))}: ${PRODUCT_TEXT.sampleDefaultHint}`
                  : ''
              }
            />
          </Col>
          <Col xs={24} sm={12}>
            <SampleField
              label={PRODUCT_TEXT.sampleInstalments}
              value={typed.instalments}
              onChange={(instalments) => setTyped((t) => ({ ...t, instalments }))}
              extra={
                preview.status === 'ready' && preview.defaulted.instalments
                  ? `${preview.instalments}: ${PRODUCT_TEXT.sampleDefaultHint}`
                  : ''
              }
            />
          </Col>
        </Row>
      </Form>
      {preview.status === 'waiting' && <Alert type="info" showIcon title={PRODUCT_TEXT.previewWaits} />}
      {preview.status === 'refused' && <Alert type="warning" showIcon title={preview.message} />}
      {preview.status === 'ready' && (
        <>
          {preview.outsideRange && <Alert type="warning" showIcon title={PRODUCT_TEXT.outsideRange} style={{ marginBottom: 8 }} />}
          <ScheduleTable<ScheduledInstalment, bigint>
            label={PRODUCT_TEXT.schedule}
            rows={preview.schedule.instalments}
            money={shown}
            pageSize={12}
            amounts={[
              { title: PRODUCT_TEXT.principal, pick: (i) => i.principalMinor, total: preview.schedule.totalPrincipalMinor },
              { title: PRODUCT_TEXT.interest, pick: (i) => i.interestMinor, total: preview.schedule.totalInterestMinor },
              { title: PRODUCT_TEXT.fee, pick: (i) => i.feeMinor, total: preview.schedule.totalFeeMinor },
              { title: PRODUCT_TEXT.total, pick: (i) => i.totalMinor, total: preview.schedule.totalMinor },
              { title: PRODUCT_TEXT.balance, pick: (i) => i.principalBalanceMinor },
            ]}
          />
        </>
      )}
    </Card>
  );
}
