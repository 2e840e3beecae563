/** The icon buttons of a list row: edit (a link to the form) and a danger action that asks first. */
import { Flex } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { MESSAGES, userActionLabel } from '../messages';
import { LinkButton } from './link-button';
import { DeleteRowButton } from './row-buttons';

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
  return (
    <Flex gap={4} wrap={false}>
      <LinkButton to={editTo} size="small" type="text" icon={<EditOutlined />} aria-label={editLabel} title={editLabel}>
        {null}
      </LinkButton>
      <DeleteRowButton name={name} action={removeLabel} onClick={onRemove} />
    </Flex>
  );
}
