/**
 * The status workflow's actions on a repossession's page: one button per move REPOSSESSION_MOVES allows
 * from the current status (nothing else is offered), each opening a dialog with an optional note; a
 * final move (Sold, Returned, Cancelled) says it closes the repossession and asks with a danger button.
 * The server has the last word: its refusal (409, the status moved meanwhile) is shown in the dialog.
 */
import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import {
  FINAL_REPOSSESSION_STATUSES,
  REPOSSESSION_LIMITS,
  REPOSSESSION_MOVES,
  type RepossessionDetails,
  type RepossessionStatus,
} from '@meridian/shared/contract/repossession';
import { api } from '@meridian/shared/http/api';
import { NoteConfirmDialog } from '@meridian/shared/ui/note-confirm-dialog';
import { VEHICLES_API } from '../parts/vehicles-api';
import { finalMoveQuestion, moveLabel, REPOSSESSION_TEXT } from './repossession-text';

function MoveDialog({
  repossession,
  to,
  onClose,
  onMoved,
}: {
  repossession: RepossessionDetails;
  to: RepossessionStatus;
  onClose(): void;
  onMoved(): void;
}) {
  const { message } = App.useApp();
  const final = FINAL_REPOSSESSION_STATUSES.includes(to);

  const move = async (note: string | null) => {
    await api.put(VEHICLES_API.repossessionStatus, { id: repossession.id, status: to, ...(note ? { note } : {}) });
    void message.success(REPOSSESSION_TEXT.movedTo);
    onMoved();
  };

  return (
    <NoteConfirmDialog
      title={final ? finalMoveQuestion(to, repossession.registrationNumber) : moveLabel(to)}
      okText={moveLabel(to)}
      danger={final}
      detail={final ? REPOSSESSION_TEXT.finalMoveDetail : undefined}
      noteLabel={REPOSSESSION_TEXT.note}
      noteMaxLength={REPOSSESSION_LIMITS.noteMaxLength}
      onConfirm={move}
      onClose={onClose}
    />
  );
}

export function RepossessionActions({
  repossession,
  reload,
  canMove,
}: {
  repossession: RepossessionDetails;
  reload(): void;
  canMove: boolean;
}) {
  const [moving, setMoving] = useState<RepossessionStatus | null>(null);
  const moves = REPOSSESSION_MOVES[repossession.status];
  if (moves.length === 0) return <Typography.Text type="secondary">{REPOSSESSION_TEXT.noMoves}</Typography.Text>;
  if (!canMove) return null;
  return (
    <>
      <Flex gap={8} wrap>
        {moves.map((to) => (
          <Button key={to} danger={FINAL_REPOSSESSION_STATUSES.includes(to)} onClick={() => setMoving(to)}>
            {moveLabel(to)}
          </Button>
        ))}
      </Flex>
      {moving && (
        <MoveDialog
          repossession={repossession}
          to={moving}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            reload();
          }}
        />
      )}
    </>
  );
}
