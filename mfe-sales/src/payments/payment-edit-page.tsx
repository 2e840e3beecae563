/**
 * One payment (/clients/payments/edit?id=…; the spec's address names no payment, so the query does): what
 * was paid and how the server allocated it; the amount, date, channel or reference amended (those who take
 * payments), or the payment reversed with a reason (credit staff, reversePayment). A reversal held for a
 * checker is shown as pending, also when the page is opened again (the payment's `pendingReversal`): the
 * payment still counts until a second user approves it. A reversed payment cannot change.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Row } from 'antd';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { clientPaperwork } from '@meridian/shared/contract/areas/sales';
import type { LoanPayment } from '@meridian/shared/contract/loan-payment';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { formatMinor } from '@meridian/shared/money-text';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { DateField } from '../parts/date-field';
import { AllocationCard } from './payment-allocation-card';
import {
  amendBody,
  amendValuesOf,
  asFormRefusal,
  AMEND_FORM_FIELDS,
  CHANNEL_CHOICES,
  paymentAmendSchema,
  type PaymentAmendInput,
  type PaymentAmendValues,
} from './payment-form-schema';
import { PAYMENT_API, PAYMENTS_PATH } from './payment-paths';
import { PaymentStatusTag } from './payment-status-tag';
import { loanReference } from './payments-list-page';
import { CHANNEL_NAMES, PAYMENT_TEXT } from './payment-text';
import { ReversePaymentDialog } from './reverse-payment-dialog';

function PaymentFacts({ payment }: { payment: LoanPayment }) {
  const format = useTenantFormat();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'client', label: PAYMENT_TEXT.client, children: payment.clientName },
        { key: 'loan', label: PAYMENT_TEXT.loan, children: loanReference(payment.loanId) },
        { key: 'amount', label: PAYMENT_TEXT.amount, children: formatMinor(payment.amountMinor, payment.currency) },
        { key: 'paidOn', label: PAYMENT_TEXT.paidOn, children: format.day(payment.paidOn) },
        { key: 'channel', label: PAYMENT_TEXT.channel, children: CHANNEL_NAMES[payment.channel] },
        { key: 'reference', label: PAYMENT_TEXT.reference, children: payment.reference ?? '—' },
        { key: 'status', label: PAYMENT_TEXT.status, children: <PaymentStatusTag payment={payment} /> },
        ...(payment.reversedAt ? [{ key: 'reversedAt', label: PAYMENT_TEXT.reversedAt, children: format.moment(payment.reversedAt) }] : []),
      ]}
    />
  );
}

function AmendForm({ payment, onSaved }: { payment: LoanPayment; onSaved(payment: LoanPayment): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<PaymentAmendInput, unknown, PaymentAmendValues>({
    resolver: zodResolver(paymentAmendSchema),
    mode: 'onChange',
    defaultValues: amendValuesOf(payment),
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.put<LoanPayment>(PAYMENT_API.one(payment.id), amendBody(values));
      void message.success(PAYMENT_TEXT.paymentSaved);
      onSaved(data);
    } catch (error) {
      setFailure(applyFieldErrors(asFormRefusal(error), AMEND_FORM_FIELDS, setError));
    }
  });
  return (
    <Card size="small" title={PAYMENT_TEXT.amend}>
      <FormFrame onSubmit={submit}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <TextField control={control} name="amount" label={`${PAYMENT_TEXT.amount} (${payment.currency})`} autoComplete="off" />
          </Col>
          <Col xs={24} md={6}>
            <DateField control={control} name="paidOn" label={PAYMENT_TEXT.paidOn} />
          </Col>
          <Col xs={24} md={6}>
            <SelectField control={control} name="channel" label={PAYMENT_TEXT.channel} options={CHANNEL_CHOICES} />
          </Col>
          <Col xs={24} md={6}>
            <TextField control={control} name="reference" label={PAYMENT_TEXT.reference} autoComplete="off" />
          </Col>
        </Row>
        <FormAlert text={failure} />
        <SubmitButton busy={formState.isSubmitting}>{MESSAGES.save}</SubmitButton>
      </FormFrame>
    </Card>
  );
}

function PaymentView({ loaded }: { loaded: LoanPayment }) {
  const { message } = App.useApp();
  const mayAmend = useCan(clientPaperwork, 'takePayment');
  const mayReverse = useCan(clientPaperwork, 'reversePayment');
  const [payment, setPayment] = useState(loaded);
  const [reversing, setReversing] = useState(false);
  // The request just made names its maker; a payment read again only says a reversal is pending.
  const [requested, setRequested] = useState<CheckRequest | null>(null);
  const pending = Boolean(requested) || payment.pendingReversal;
  return (
    <Flex vertical gap={16}>
      <PaymentFacts payment={payment} />
      {pending && !payment.reversed && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={PAYMENT_TEXT.reversalPending}
          description={requested ? PAYMENT_TEXT.reversalPendingDetail(requested.makerName) : PAYMENT_TEXT.reversalPendingSince}
        />
      )}
      {payment.reversed && <Alert type="info" showIcon title={PAYMENT_TEXT.cannotChange} />}
      <AllocationCard payment={payment} />
      {mayAmend && !payment.reversed && <AmendForm key={payment.dateModified} payment={payment} onSaved={setPayment} />}
      {mayReverse && !payment.reversed && !pending && (
        <Flex>
          <Button danger onClick={() => setReversing(true)}>
            {PAYMENT_TEXT.reverse}
          </Button>
        </Flex>
      )}
      {reversing && (
        <ReversePaymentDialog
          payment={payment}
          onClose={() => setReversing(false)}
          onDone={(outcome) => {
            setReversing(false);
            if (outcome.kind === 'pending') setRequested(outcome.request);
            else {
              void message.success(PAYMENT_TEXT.paymentReversed);
              setPayment(outcome.payment);
            }
          }}
        />
      )}
    </Flex>
  );
}

function EditPayment({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<LoanPayment>(PAYMENT_API.one(id), { signal }).then((r) => r.data), [id]);
  return <LoadPanel state={loaded}>{(payment) => <PaymentView key={payment.id} loaded={payment} />}</LoadPanel>;
}

export default function PaymentEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <PageFrame actions={<LinkButton to={PAYMENTS_PATH}>{PAYMENT_TEXT.backToPayments}</LinkButton>}>
      {id ? <EditPayment id={id} /> : <Alert type="info" showIcon title={PAYMENT_TEXT.noPaymentChosen} />}
    </PageFrame>
  );
}
