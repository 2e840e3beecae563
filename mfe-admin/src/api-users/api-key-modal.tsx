/**
 * The one showing of a new API key: the server keeps only its hash, so once this closes the key is
 * gone for good. It closes only through its button (not the mask or Escape), so it is not lost by a
 * stray click.
 */
import { Alert, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import type { ApiUserCreated } from '@meridian/shared/contract/api-user';
import { ADMIN_TEXT } from '../parts/admin-text';
import { API_USER_TEXT, apiKeyTitle } from './api-user-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export function ApiKeyModal({ created, onClose }: { created: ApiUserCreated; onClose(): void }) {
  const format = useTenantFormat();
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
          {API_USER_TEXT.apiKeyCopiedDone}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Alert type="warning" showIcon title={API_USER_TEXT.apiKeyShownOnce} description={API_USER_TEXT.apiKeyShownOnceDetail} />
        <Typography.Paragraph
          code
          copyable={{ text: created.key, tooltips: [API_USER_TEXT.copyAction, API_USER_TEXT.copiedAction] }}
          style={{ wordBreak: 'break-all', fontSize: 15, margin: 0 }}
          data-testid="api-key"
        >
          {created.key}
        </Typography.Paragraph>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'prefix', label: API_USER_TEXT.apiKeyPrefix, children: created.keyPrefix },
            { key: 'permissions', label: ADMIN_TEXT.permissions, children: created.permissions.map((p) => p.hierarchy).join(', ') },
            {
              key: 'expires',
              label: API_USER_TEXT.apiKeyExpires,
              children: created.expiresAt ? format.day(created.expiresAt) : API_USER_TEXT.never,
            },
          ]}
        />
      </Flex>
    </Modal>
  );
}
