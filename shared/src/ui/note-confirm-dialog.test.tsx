/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../http/api-error';
import { MESSAGES } from '../messages';
import { typist, WithoutAntdStyles } from '../testing/page-test-kit';
import { NoteConfirmDialog, type NoteConfirmDialogProps } from './note-confirm-dialog';

const showDialog = (props: Partial<NoteConfirmDialogProps> = {}) => {
  const onConfirm = jest.fn<Promise<void>, [string | null]>().mockResolvedValue(undefined);
  const onClose = jest.fn();
  render(
    <WithoutAntdStyles>
      <NoteConfirmDialog
        title="Write this loan off?"
        okText="Write off"
        noteLabel="Note"
        noteMaxLength={20}
        onConfirm={onConfirm}
        onClose={onClose}
        {...props}
      />
    </WithoutAntdStyles>,
  );
  return { onConfirm, onClose, dialog: screen.getByRole('dialog') };
};

const press = (name: string) => typist().click(screen.getByRole('button', { name }));

describe('a move confirmed with a note', () => {
  test('the note is handed on trimmed; an empty one is handed on as none', async () => {
    const { onConfirm } = showDialog({ detail: 'It cannot be undone.' });
    expect(screen.getByText('Write this loan off?')).toBeInTheDocument();
    expect(screen.getByText('It cannot be undone.')).toBeInTheDocument();
    await press('Write off');
    expect(onConfirm).toHaveBeenLastCalledWith(null);

    await typist().type(screen.getByLabelText('Note'), '  Fraud  ');
    await press('Write off');
    expect(onConfirm).toHaveBeenLastCalledWith('Fraud');
  });

  test('the note is held to its longest length as it is typed', async () => {
    showDialog({ noteMaxLength: 5 });
    await typist().type(screen.getByLabelText('Note'), 'Too long a note');
    expect(screen.getByLabelText('Note')).toHaveValue('Too l');
  });

  test("the server's refusal stays in the dialog, and is cleared when the user tries again", async () => {
    const { onConfirm } = showDialog();
    onConfirm.mockRejectedValueOnce(new ApiError({ status: 409, message: 'The loan moved meanwhile.' }));
    await press('Write off');
    expect(await screen.findByRole('alert')).toHaveTextContent('The loan moved meanwhile.');
    await press('Write off');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  test('Cancel closes without a call', async () => {
    const { onConfirm, onClose } = showDialog();
    await press(MESSAGES.cancelAction);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test("the move's own fields sit in the dialog, and while they are not right nothing can be confirmed", async () => {
    const { onConfirm } = showDialog({ okDisabled: true, children: <p>Approved amount</p> });
    expect(screen.getByText('Approved amount')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write off' })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('a move that needs a reason', () => {
  const checkNote = (note: string) => (note.trim() ? null : 'Give a reason.');

  test('confirming without a reason says so and sends nothing; typing one clears the complaint', async () => {
    const { onConfirm } = showDialog({ noteLabel: 'Reason', checkNote });
    expect(screen.queryByText('Give a reason.')).not.toBeInTheDocument();
    await press('Write off');
    expect(await screen.findByText('Give a reason.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(onConfirm).not.toHaveBeenCalled();

    await typist().type(screen.getByLabelText('Reason'), 'Bounced');
    await waitFor(() => expect(screen.queryByText('Give a reason.')).not.toBeInTheDocument());
    await press('Write off');
    expect(onConfirm).toHaveBeenCalledWith('Bounced');
  });

  test('a reason typed then cleared is complained about as it is typed, before any confirm', async () => {
    showDialog({ noteLabel: 'Reason', checkNote });
    const user = typist();
    await user.type(screen.getByLabelText('Reason'), 'x');
    await user.clear(screen.getByLabelText('Reason'));
    expect(await screen.findByText('Give a reason.')).toBeInTheDocument();
  });
});
