/** A row's edit (in a drawer, not a link) and delete buttons, each shown only when the user may. */
import { Button, Flex } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';

export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete?: () => void }) {
  const editLabel = userActionLabel(MESSAGES.editAction, name);
  const deleteLabel = userActionLabel(MESSAGES.deleteAction, name);
  return (
    <Flex gap={4} wrap={false}>
      {onEdit && <Button size="small" type="text" icon={<EditOutlined />} aria-label={editLabel} title={editLabel} onClick={onEdit} />}
      {onDelete && (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={deleteLabel} title={deleteLabel} onClick={onDelete} />
      )}
    </Flex>
  );
}
