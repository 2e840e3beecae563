/**
 * The one showing of a new API key: the server keeps only its hash, so once this closes the key is
 * gone for good. It closes only through its button (not the mask or Escape), so it is not lost by a
 * stray click.
 */
import { Alert, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import type { ApiUserCreated } from '@meridian/shared/contract/api-user';
import { apiKeyTitle, MESSAGES } from '@meridian/shared/messages';
import { formatDay } from '@meridian/shared/format';

export function ApiKeyModal({ created, onClose }: { created: ApiUserCreated; onClose(): void }) {
  return (
    <Modal
      open
      title={apiKeyTitle(created.name)}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {MESSAGES.apiKeyCopiedDone}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Alert type="warning" showIcon title={MESSAGES.apiKeyShownOnce} description={MESSAGES.apiKeyShownOnceDetail} />
        <Typography.Paragraph
          code
          copyable={{ text: created.key, tooltips: [MESSAGES.copyAction, MESSAGES.copiedAction] }}
          style={{ wordBreak: 'break-all', fontSize: 15, margin: 0 }}
          data-testid="api-key"
        >
          {created.key}
        </Typography.Paragraph>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'prefix', label: MESSAGES.apiKeyPrefix, children: created.keyPrefix },
            { key: 'permissions', label: MESSAGES.permissions, children: created.permissions.map((p) => p.hierarchy).join(', ') },
            { key: 'expires', label: MESSAGES.apiKeyExpires, children: created.expiresAt ? formatDay(created.expiresAt) : MESSAGES.never },
          ]}
        />
      </Flex>
    </Modal>
  );
}
