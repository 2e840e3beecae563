/**
 * The one way a screen asks "do this, with a note?" before a move on a record: the question as the title,
 * an optional warning, any fields of the move's own (children, above the note), and the note. An optional
 * note is a bare field; a required reason (`checkNote`) is labelled and checked as it is typed, and again
 * when the user confirms, before anything is sent. `onConfirm` gets the trimmed note (null when empty) and
 * makes the call; what it throws (the server's refusal, say) stays in the dialog, so the user can change
 * the note and try again.
 */
import { useId, useState, type ReactNode } from 'react';
import { Alert, Flex, Form, Input, Modal, Typography } from 'antd';
import { errorText } from '../http/api-errors';
import { MESSAGES } from '../messages';

export interface NoteConfirmDialogProps {
  title: string;
  okText: string;
  danger?: boolean;
  /** What the move does that cannot be undone, shown as a warning. */
  detail?: string;
  noteLabel: string;
  noteMaxLength: number;
  /** For a required reason: the problem with the note as typed, or null when it will do. */
  checkNote?: (note: string) => string | null;
  /** The move's own fields are not right yet (they show why themselves). */
  okDisabled?: boolean;
  children?: ReactNode;
  onConfirm(note: string | null): Promise<void>;
  onClose(): void;
}

export function NoteConfirmDialog({
  title,
  okText,
  danger = false,
  detail,
  noteLabel,
  noteMaxLength,
  checkNote,
  okDisabled = false,
  children,
  onConfirm,
  onClose,
}: NoteConfirmDialogProps) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const noteProblem = checkNote ? checkNote(note) : null;
  const shownProblem = touched ? (noteProblem ?? undefined) : undefined;

  const confirm = async () => {
    setTouched(true);
    if (okDisabled || noteProblem) return;
    setBusy(true);
    setRefusal(null);
    try {
      await onConfirm(note.trim() || null);
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: busy, disabled: okDisabled }}
      cancelText={MESSAGES.cancelAction}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <Flex vertical gap={8}>
        {detail && <Typography.Text type="warning">{detail}</Typography.Text>}
        {children}
        <Form.Item
          layout="vertical"
          label={checkNote ? noteLabel : undefined}
          htmlFor={noteId}
          validateStatus={shownProblem ? 'error' : undefined}
          help={shownProblem}
          style={{ marginBottom: 0 }}
        >
          <Input.TextArea
            id={noteId}
            aria-label={noteLabel}
            placeholder={checkNote ? undefined : noteLabel}
            rows={3}
            maxLength={noteMaxLength}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setTouched(true);
            }}
            status={shownProblem ? 'error' : undefined}
            aria-invalid={Boolean(shownProblem)}
          />
        </Form.Item>
        {refusal && <Alert type="error" showIcon role="alert" title={refusal} />}
      </Flex>
    </Modal>
  );
}
