/**
 * The moves on a loan's page: those LOAN_MOVES allows from its status and the user may make (approve or
 * reject an application, disburse an approved loan, write off an active one). Each asks first in a dialog
 * with an optional note (approval also an approved amount below the one applied for); disbursing opens the
 * Disburse drawer. A 202 (maker-checker holds the move) goes to `onPending`: it is not a success. The
 * server's refusal (409, the loan moved meanwhile) is shown in the dialog.
 */
import { useState } from 'react';
import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { disbursements, loans } from '@meridian/shared/contract/areas/sales';
import { LOAN_LIMITS, LOAN_MOVES, type LoanDetails } from '@meridian/shared/contract/loan';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { formatMinor, minorFromText } from '@meridian/shared/money-text';
import { useSession } from '@meridian/shared/session/session-store';
import { canDo } from '@meridian/shared/session/use-can';
import { NoteConfirmDialog } from '@meridian/shared/ui/note-confirm-dialog';
import { useShallow } from 'zustand/react/shallow';
import { DisburseDrawer } from '../disbursements/disburse-drawer';
import { postCheckedMove, type CheckedOutcome } from './checked-answer';
import { LOANS_API } from './loan-paths';
import { LOAN_TEXT } from './loan-text';
import { overApprovedError } from '../disbursements/disbursement-text';

type DialogMove = 'approve' | 'reject' | 'writeOff';

interface MoveSpec {
  label: string;
  question: string;
  detail?: string;
  danger: boolean;
  done: string;
  call(loan: LoanDetails, note: string | null, approvedMinor: number | null): Promise<CheckedOutcome>;
}

const withNote = (note: string | null) => (note ? { note } : {});

const MOVES: Record<DialogMove, MoveSpec> = {
  approve: {
    label: LOAN_TEXT.approve,
    question: LOAN_TEXT.approveQuestion,
    danger: false,
    done: LOAN_TEXT.approved,
    call: (loan, note, approvedMinor) =>
      postCheckedMove(LOANS_API.approve(loan.id), { ...withNote(note), ...(approvedMinor !== null ? { approvedMinor } : {}) }),
  },
  reject: {
    label: LOAN_TEXT.reject,
    question: LOAN_TEXT.rejectQuestion,
    detail: LOAN_TEXT.rejectDetail,
    danger: true,
    done: LOAN_TEXT.rejected,
    // Rejecting is never held for a checker: the answer is the loan.
    call: (loan, note) => postCheckedMove(LOANS_API.reject(loan.id), withNote(note)),
  },
  writeOff: {
    label: LOAN_TEXT.writeOff,
    question: LOAN_TEXT.writeOffQuestion,
    detail: LOAN_TEXT.writeOffDetail,
    danger: true,
    done: LOAN_TEXT.writtenOff,
    call: (loan, note) => postCheckedMove(LOANS_API.writeOff(loan.id), withNote(note)),
  },
};

/** The approved amount as typed: empty is none (the amount applied for), else minor units no more than applied for. */
function approvedOf(text: string, loan: LoanDetails): { minor: number | null; problem: string | null } {
  if (!text.trim()) return { minor: null, problem: null };
  const minor = minorFromText(text);
  if (minor === null || minor < 1) return { minor: null, problem: LOAN_TEXT.notAnAmount };
  if (minor > loan.principalMinor) return { minor: null, problem: overApprovedError(formatMinor(loan.principalMinor, loan.currency)) };
  return { minor, problem: null };
}

function MoveDialog({
  loan,
  move,
  onClose,
  onDone,
  onPending,
}: {
  loan: LoanDetails;
  move: DialogMove;
  onClose(): void;
  onDone(): void;
  onPending(request: CheckRequest): void;
}) {
  const { message } = App.useApp();
  const spec = MOVES[move];
  const [approvedText, setApprovedText] = useState('');
  const approved = approvedOf(approvedText, loan);

  const act = async (note: string | null) => {
    const outcome = await spec.call(loan, note, approved.minor);
    if (outcome.done) {
      void message.success(spec.done);
      onDone();
    } else onPending(outcome.request);
  };

  return (
    <NoteConfirmDialog
      title={spec.question}
      okText={spec.label}
      danger={spec.danger}
      detail={spec.detail}
      noteLabel={LOAN_TEXT.note}
      noteMaxLength={LOAN_LIMITS.noteMaxLength}
      okDisabled={approved.problem !== null}
      onConfirm={act}
      onClose={onClose}
    >
      {move === 'approve' && (
        <Form layout="vertical" component={false}>
          <Form.Item
            label={LOAN_TEXT.approvedAmount}
            htmlFor="loan-approved-amount"
            validateStatus={approved.problem ? 'error' : undefined}
            help={approved.problem}
            extra={formatMinor(loan.principalMinor, loan.currency)}
          >
            <Input
              id="loan-approved-amount"
              autoComplete="off"
              value={approvedText}
              onChange={(event) => setApprovedText(event.target.value)}
              aria-invalid={approved.problem !== null}
            />
          </Form.Item>
        </Form>
      )}
    </NoteConfirmDialog>
  );
}

export function LoanActions({
  loan,
  reload,
  onPending,
  onDisbursed,
}: {
  loan: LoanDetails;
  reload(): void;
  onPending(request: CheckRequest): void;
  onDisbursed(): void;
}) {
  const may = useSession(
    useShallow((session) => ({
      decide: canDo(session, loans, 'decide'),
      disburse: canDo(session, disbursements, 'disburse'),
      writeOff: canDo(session, loans, 'writeOff'),
    })),
  );
  const [moving, setMoving] = useState<DialogMove | null>(null);
  const [disbursing, setDisbursing] = useState(false);
  const allowed = LOAN_MOVES[loan.status];
  const offered: { key: DialogMove | 'disburse'; label: string; danger: boolean }[] = [
    ...(allowed.includes('approved') && may.decide ? [{ key: 'approve' as const, label: LOAN_TEXT.approve, danger: false }] : []),
    ...(allowed.includes('rejected') && may.decide ? [{ key: 'reject' as const, label: LOAN_TEXT.reject, danger: true }] : []),
    ...(loan.status === 'approved' && may.disburse ? [{ key: 'disburse' as const, label: LOAN_TEXT.disburse, danger: false }] : []),
    ...(allowed.includes('written-off') && may.writeOff ? [{ key: 'writeOff' as const, label: LOAN_TEXT.writeOff, danger: true }] : []),
  ];
  if (allowed.length === 0) return <Typography.Text type="secondary">{LOAN_TEXT.noActions}</Typography.Text>;
  if (offered.length === 0) return null;
  return (
    <>
      <Flex gap={8} wrap>
        {offered.map(({ key, label, danger }) => (
          <Button
            key={key}
            danger={danger}
            type={key === 'approve' || key === 'disburse' ? 'primary' : 'default'}
            onClick={() => (key === 'disburse' ? setDisbursing(true) : setMoving(key))}
          >
            {label}
          </Button>
        ))}
      </Flex>
      {moving && (
        <MoveDialog
          loan={loan}
          move={moving}
          onClose={() => setMoving(null)}
          onDone={() => {
            setMoving(null);
            reload();
          }}
          onPending={(request) => {
            setMoving(null);
            onPending(request);
          }}
        />
      )}
      <DisburseDrawer
        loan={disbursing ? loan : null}
        onClose={() => setDisbursing(false)}
        onDisbursed={() => {
          setDisbursing(false);
          onDisbursed();
        }}
        onPending={(request) => {
          setDisbursing(false);
          onPending(request);
        }}
      />
    </>
  );
}
