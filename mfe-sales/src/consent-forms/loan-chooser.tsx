/**
 * The loan application a form is captured against: searched by its client's name among the submitted and
 * approved applications, or given by the address (`?loanId=`, from a loan's page), then shown with its
 * client, product, amount and state. A loan in another state is shown with why it takes no form.
 */
import { Alert, Button, Descriptions, Flex, Form } from 'antd';
import type { Loan } from '@meridian/shared/contract/loan';
import { CONSENT_LOAN_STATES } from '@meridian/shared/contract/loan-consent';
import { formatMinor } from '@meridian/shared/money-text';
import { useLoad } from '@meridian/shared/http/use-load';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { LoanPicker } from '../loans/loan-picker';
import { loadLoan } from './consent-api';
import { CONSENT_TEXT } from './consent-text';

export const takesForms = (loan: Pick<Loan, 'status'>) => (CONSENT_LOAN_STATES as readonly string[]).includes(loan.status);

const loanLabel = (loan: Loan) =>
  `${loan.clientName} - ${loan.productName}, ${formatMinor(loan.principalMinor, loan.currency)} (${loan.status})`;

function LoanSearch({ onChoose }: { onChoose(id: string): void }) {
  return (
    <Form layout="vertical" component={false}>
      <LoanPicker
        statuses={CONSENT_LOAN_STATES}
        label={CONSENT_TEXT.loan}
        placeholder={CONSENT_TEXT.chooseLoan}
        hint={CONSENT_TEXT.loanHint}
        noMatches={CONSENT_TEXT.noLoanMatches}
        describe={loanLabel}
        value={null}
        onPick={(loan) => loan && onChoose(loan.id)}
      />
    </Form>
  );
}

export function LoanSummary({ loan }: { loan: Loan }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      items={[
        { key: 'borrower', label: CONSENT_TEXT.borrower, children: loan.clientName },
        { key: 'product', label: CONSENT_TEXT.product, children: loan.productName },
        { key: 'amount', label: CONSENT_TEXT.amount, children: formatMinor(loan.principalMinor, loan.currency) },
        { key: 'status', label: CONSENT_TEXT.status, children: loan.status },
      ]}
    />
  );
}

/** The chosen loan (loaded), or the search to choose one; `children` gets a loan that takes forms. */
export function LoanChooser({
  loanId,
  onChoose,
  children,
}: {
  loanId: string | null;
  onChoose(id: string | null): void;
  children(loan: Loan): React.ReactNode;
}) {
  if (!loanId) return <LoanSearch onChoose={onChoose} />;
  return (
    <ChosenLoan loanId={loanId} onChoose={onChoose}>
      {children}
    </ChosenLoan>
  );
}

function ChosenLoan({
  loanId,
  onChoose,
  children,
}: {
  loanId: string;
  onChoose(id: string | null): void;
  children(loan: Loan): React.ReactNode;
}) {
  const loaded = useLoad((signal) => loadLoan(loanId, signal), [loanId]);
  return (
    <LoadPanel state={loaded}>
      {(loan) => (
        <Flex vertical gap={16}>
          <LoanSummary loan={loan} />
          <div>
            <Button onClick={() => onChoose(null)}>{CONSENT_TEXT.chooseAnother}</Button>
          </div>
          {takesForms(loan) ? null : <Alert type="warning" showIcon title={CONSENT_TEXT.loanNotTaking(loan.status)} />}
          {children(loan)}
        </Flex>
      )}
    </LoadPanel>
  );
}
