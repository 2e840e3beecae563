/** The small icon buttons of a table row, named for the row they act on ("Edit Truck 7"), as screen readers announce them. */
import { Button } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MESSAGES, userActionLabel } from '../messages';

interface RowButtonProps {
  /** The row's name as people read it. */
  name: string;
  onClick(): void;
}

export function EditRowButton({ name, onClick }: RowButtonProps) {
  const label = userActionLabel(MESSAGES.editAction, name);
  return <Button size="small" type="text" icon={<EditOutlined />} aria-label={label} title={label} onClick={onClick} />;
}

export function DeleteRowButton({ name, onClick, action = MESSAGES.deleteAction }: RowButtonProps & { action?: string }) {
  const label = userActionLabel(action, name);
  return <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={label} title={label} onClick={onClick} />;
}
