/**
 * Reversing a payment (credit staff, reversePayment): the question, what a reversal does, and the reason,
 * required and checked as it is typed. Where the tenant's maker-checker rules hold reversals, the server
 * answers 202 with the pending request instead of the payment: that is handed on as pending, never as done.
 * A refusal (409: already reversed, say) stays in the dialog.
 */
import { LOAN_PAYMENT_LIMITS, type LoanPayment } from '@meridian/shared/contract/loan-payment';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { api } from '@meridian/shared/http/api';
import { NoteConfirmDialog } from '@meridian/shared/ui/note-confirm-dialog';
import { reverseReasonSchema } from './payment-form-schema';
import { PAYMENT_API } from './payment-paths';
import { PAYMENT_TEXT } from './payment-text';

export type ReverseOutcome = { kind: 'reversed'; payment: LoanPayment } | { kind: 'pending'; request: CheckRequest };

/** The reverse call answers the payment (200) or the pending request (202); the http client gives the data alone. */
const isCheckRequest = (data: LoanPayment | CheckRequest): data is CheckRequest => 'action' in data && 'makerUserId' in data;

/** The reason as typed: the schema's first complaint, or null when it will do. */
const reasonProblem = (reason: string) => {
  const checked = reverseReasonSchema.safeParse(reason);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
};

export function ReversePaymentDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: LoanPayment;
  onClose(): void;
  onDone(outcome: ReverseOutcome): void;
}) {
  const reverse = async (note: string | null) => {
    const { data } = await api.post<LoanPayment | CheckRequest>(PAYMENT_API.reverse(payment.id), { note });
    onDone(isCheckRequest(data) ? { kind: 'pending', request: data } : { kind: 'reversed', payment: data });
  };

  return (
    <NoteConfirmDialog
      title={PAYMENT_TEXT.reverseQuestion}
      okText={PAYMENT_TEXT.reverse}
      danger
      detail={PAYMENT_TEXT.reverseDetail}
      noteLabel={PAYMENT_TEXT.reason}
      noteMaxLength={LOAN_PAYMENT_LIMITS.noteMaxLength}
      checkNote={reasonProblem}
      onConfirm={reverse}
      onClose={onClose}
    />
  );
}
