/** The icon buttons of a list row: edit (a link to the form) and a danger action that asks first. */
import { Button, Flex } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MESSAGES, userActionLabel } from '../messages';
import { LinkButton } from './link-button';

export function EditRemoveActions({
  editTo,
  name,
  onRemove,
  removeLabel = MESSAGES.deleteAction,
}: {
  editTo: string;
  name: string;
  onRemove(): void;
  removeLabel?: string;
}) {
  const editLabel = userActionLabel(MESSAGES.editAction, name);
  const removeText = userActionLabel(removeLabel, name);
  return (
    <Flex gap={4} wrap={false}>
      <LinkButton to={editTo} size="small" type="text" icon={<EditOutlined />} aria-label={editLabel} title={editLabel}>
        {null}
      </LinkButton>
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={removeText} title={removeText} onClick={onRemove} />
    </Flex>
  );
}
