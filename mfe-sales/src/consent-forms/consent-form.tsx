/**
 * The form itself, for a spouse or a guarantor: the signer's details checked as they are typed against
 * the contract's rules, the words they agree to (with their name and the amounts filled in as typed),
 * and the signature pad, without which the form is not saved. A refusal keeps what was typed and puts the
 * server's messages on the fields.
 */
import { useId, useState } from 'react';
import { Col, Form, Row, Typography } from 'antd';
import { Controller, useForm, type Control, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Loan } from '@meridian/shared/contract/loan';
import {
  consentText,
  MARRIAGE_REGIME_NAMES,
  MARRIAGE_REGIMES,
  type ConsentKind,
  type LoanConsent,
} from '@meridian/shared/contract/loan-consent';
import { formatMinor, minorFromText } from '@meridian/shared/money-text';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { SignaturePad } from '@meridian/shared/ui/signature-pad';
import { CONSENTS_URL } from './consent-api';
import {
  CONSENT_FORM_FIELDS,
  emptyGuarantorForm,
  emptySpousalForm,
  guarantorBody,
  guarantorFormSchema,
  spousalBody,
  spousalFormSchema,
  type GuarantorFormInput,
  type GuarantorFormValues,
  type SpousalFormInput,
  type SpousalFormValues,
} from './consent-form-schema';
import { CONSENT_TEXT } from './consent-text';

const REGIME_CHOICES = MARRIAGE_REGIMES.map((regime) => ({ value: regime, label: MARRIAGE_REGIME_NAMES[regime] }));
const half = { xs: 24, md: 12 };

type AnyInput = SpousalFormInput | GuarantorFormInput;
type AnyValues = SpousalFormValues | GuarantorFormValues;

/** The signature as a form field: the pad's PNG, or '' (which the schema refuses) when it is empty. */
function SignatureField<T extends FieldValues>({ control, label }: { control: Control<T, unknown, FieldValues>; label: string }) {
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={'signaturePng' as never}
      render={({ field, fieldState }) => (
        <Form.Item
          label={CONSENT_TEXT.signature}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error ? <span id={errorId}>{fieldState.error.message}</span> : undefined}
        >
          <SignaturePad
            label={label}
            invalid={Boolean(fieldState.error)}
            describedBy={fieldState.error ? errorId : undefined}
            onChange={(png) => field.onChange((png ?? '') as never)}
          />
        </Form.Item>
      )}
    />
  );
}

export function ConsentForm({ kind, loan, onSaved }: { kind: ConsentKind; loan: Loan; onSaved(consent: LoanConsent): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const spousal = kind === 'spousal';
  const { control, handleSubmit, setError, watch, formState } = useForm<AnyInput, unknown, AnyValues>({
    resolver: zodResolver(spousal ? spousalFormSchema : guarantorFormSchema) as never,
    mode: 'onChange',
    defaultValues: spousal ? emptySpousalForm() : emptyGuarantorForm(),
  });
  const typedName = watch('signerName');
  const typedGuarantee = spousal ? null : minorFromText(String((watch as (name: string) => unknown)('guaranteed') ?? ''));

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = spousal ? spousalBody(loan.id, values as SpousalFormValues) : guarantorBody(loan.id, values as GuarantorFormValues);
      onSaved((await api.post<LoanConsent>(CONSENTS_URL, body)).data);
    } catch (error) {
      setFailure(applyFieldErrors(error, CONSENT_FORM_FIELDS as never, setError));
    }
  });

  const words = consentText(
    { kind, signerName: typedName?.trim() || CONSENT_TEXT.theSigner, clientName: loan.clientName, guaranteedMinor: typedGuarantee },
    {
      principal: formatMinor(loan.principalMinor, loan.currency),
      guaranteed: typedGuarantee === null ? null : formatMinor(typedGuarantee, loan.currency),
    },
    loan.tenantName,
  );
  const c = control as unknown as Control<FieldValues, unknown, FieldValues>;

  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={16}>
        <Col {...half}>
          <TextField control={c} name="signerName" label={CONSENT_TEXT.signerName} autoComplete="off" />
        </Col>
        <Col {...half}>
          <TextField control={c} name="idNumber" label={CONSENT_TEXT.idNumber} autoComplete="off" />
        </Col>
        <Col {...half}>
          <TextField control={c} name="phone" type="tel" label={CONSENT_TEXT.phone} autoComplete="off" />
        </Col>
        {spousal ? (
          <Col {...half}>
            <SelectField control={c} name="marriageRegime" label={CONSENT_TEXT.marriageRegime} options={REGIME_CHOICES} />
          </Col>
        ) : (
          <>
            <Col {...half}>
              <TextField control={c} name="relationship" label={CONSENT_TEXT.relationship} autoComplete="off" />
            </Col>
            <Col span={24}>
              <TextAreaField control={c} name="address" label={CONSENT_TEXT.address} rows={2} />
            </Col>
            <Col {...half}>
              <TextField control={c} name="monthlyIncome" label={`${CONSENT_TEXT.monthlyIncome} (${loan.currency})`} autoComplete="off" />
            </Col>
            <Col {...half}>
              <TextField control={c} name="guaranteed" label={`${CONSENT_TEXT.guaranteed} (${loan.currency})`} autoComplete="off" />
            </Col>
          </>
        )}
        <Col span={24}>
          <TextField control={c} name="signedPlace" label={CONSENT_TEXT.signedPlace} autoComplete="off" />
        </Col>
        <Col span={24}>
          <Typography.Title level={5}>{CONSENT_TEXT.consentWords}</Typography.Title>
          <Typography.Paragraph>{words}</Typography.Paragraph>
        </Col>
        <Col span={24}>
          <SignatureField control={c} label={spousal ? CONSENT_TEXT.spouseSignature : CONSENT_TEXT.guarantorSignature} />
        </Col>
      </Row>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{CONSENT_TEXT.save}</SubmitButton>
    </FormFrame>
  );
}
