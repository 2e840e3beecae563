/**
 * Taking a payment (/clients/payments/create; `?loanId=` preselects the loan, as the loan page links):
 * the loan found by its client, the amount typed as money text and sent as integer minor units, the day
 * it was paid, the channel it came through and a reference. Checked as the user types against the
 * contract's rules and again by the server (a refusal is put on its field). Once taken, the page shows how
 * the server allocated the payment (its answer carries the allocation).
 */
import { useState } from 'react';
import { App, Button, Col, Flex, Result, Row } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Loan } from '@meridian/shared/contract/loan';
import type { LoanPayment } from '@meridian/shared/contract/loan-payment';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { formatMinor } from '@meridian/shared/money-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LoanField } from '../loans/loan-picker';
import { DateField } from '../parts/date-field';
import { AllocationCard } from './payment-allocation-card';
import { LoanSummary } from './loan-summary';
import {
  asFormRefusal,
  CHANNEL_CHOICES,
  PAYMENT_FORM_FIELDS,
  STARTING_CHANNEL,
  paymentTakeSchema,
  takeBody,
  type PaymentTakeInput,
  type PaymentTakeValues,
} from './payment-form-schema';
import { PAYMENT_API, paymentEditPath, PAYMENTS_PATH } from './payment-paths';
import { PAYMENT_TEXT } from './payment-text';

/** Only an active loan takes payments. */
const PAYABLE = ['active'] as const;

/** "Lerato Dube · Business loan · R 1 200,00 outstanding", what a loan is listed as. */
const loanLabel = (loan: Loan) =>
  `${loan.clientName} · ${loan.productName} · ${formatMinor(loan.outstandingMinor, loan.currency)} ${PAYMENT_TEXT.outstanding.toLowerCase()}`;

function TakeForm({ known, onTaken }: { known: Loan | null; onTaken(payment: LoanPayment): void }) {
  const { message } = App.useApp();
  const format = useTenantFormat();
  const [loan, setLoan] = useState<Loan | null>(known);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<PaymentTakeInput, unknown, PaymentTakeValues>({
    resolver: zodResolver(paymentTakeSchema),
    mode: 'onChange',
    defaultValues: {
      loanId: known?.id ?? '',
      amount: '',
      paidOn: format.calendarDay(new Date().toISOString()),
      channel: STARTING_CHANNEL,
      reference: '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.post<LoanPayment>(PAYMENT_API.list, takeBody(values));
      void message.success(PAYMENT_TEXT.paymentTaken);
      onTaken(data);
    } catch (error) {
      setFailure(applyFieldErrors(asFormRefusal(error), PAYMENT_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <LoanField
        control={control}
        name="loanId"
        statuses={PAYABLE}
        label={PAYMENT_TEXT.chooseLoan}
        placeholder={PAYMENT_TEXT.chooseLoan}
        hint={PAYMENT_TEXT.loanHint}
        noMatches={PAYMENT_TEXT.noLoanMatches}
        describe={loanLabel}
        known={known}
        onPick={setLoan}
      />
      {loan && <LoanSummary loan={loan} />}
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <TextField
            control={control}
            name="amount"
            label={loan ? `${PAYMENT_TEXT.amount} (${loan.currency})` : PAYMENT_TEXT.amount}
            autoComplete="off"
            extra={PAYMENT_TEXT.amountHint}
          />
        </Col>
        <Col xs={24} md={6}>
          <DateField control={control} name="paidOn" label={PAYMENT_TEXT.paidOn} />
        </Col>
        <Col xs={24} md={6}>
          <SelectField control={control} name="channel" label={PAYMENT_TEXT.channel} options={CHANNEL_CHOICES} />
        </Col>
        <Col xs={24} md={6}>
          <TextField
            control={control}
            name="reference"
            label={PAYMENT_TEXT.reference}
            autoComplete="off"
            extra={PAYMENT_TEXT.referenceHint}
          />
        </Col>
      </Row>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{PAYMENT_TEXT.takePayment}</SubmitButton>
    </FormFrame>
  );
}

function Taken({ payment, onAnother }: { payment: LoanPayment; onAnother(): void }) {
  const format = useTenantFormat();
  return (
    <Flex vertical gap={16}>
      <Result
        status="success"
        title={PAYMENT_TEXT.paymentTaken}
        subTitle={`${formatMinor(payment.amountMinor, payment.currency)} · ${payment.clientName} · ${format.day(payment.paidOn)}`}
        extra={[
          <Button key="another" type="primary" onClick={onAnother}>
            {PAYMENT_TEXT.takeAnother}
          </Button>,
          <Link key="open" to={paymentEditPath(payment.id)}>
            {PAYMENT_TEXT.openPayment}
          </Link>,
        ]}
      />
      <AllocationCard payment={payment} title={PAYMENT_TEXT.allocation} />
    </Flex>
  );
}

const backToPayments = <LinkButton to={PAYMENTS_PATH}>{PAYMENT_TEXT.backToPayments}</LinkButton>;

export default function PaymentCreatePage() {
  const [params] = useSearchParams();
  const loanId = params.get('loanId');
  const [taken, setTaken] = useState<LoanPayment | null>(null);
  // A new form each time: a second payment starts from empty fields (and the same loan, if one was given).
  const [round, setRound] = useState(0);
  const preset = useLoad(
    (signal) => (loanId ? api.get<Loan>(PAYMENT_API.loan(loanId), { signal }).then((r) => r.data) : Promise.resolve(null)),
    [loanId],
  );
  return (
    <PageFrame actions={backToPayments}>
      {taken ? (
        <Taken
          payment={taken}
          onAnother={() => {
            setTaken(null);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <LoadPanel state={preset}>{(known) => <TakeForm key={round} known={known} onTaken={setTaken} />}</LoadPanel>
      )}
    </PageFrame>
  );
}
