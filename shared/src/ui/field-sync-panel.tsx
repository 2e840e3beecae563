/**
 * What a field user's device still has to send (shared/offline/field-sync.ts): how many changes made
 * offline are waiting, when it last sent and refreshed, a button to send now, and each change the
 * server refused with its answer and a way to discard it. Shows nothing for users who do not sync,
 * nor when nothing is waiting or refused.
 */
import { Alert, Button, Flex, List, Typography } from 'antd';
import { changesWaitingMessage, lastSyncedMessage, MESSAGES } from '../messages';
import { discardRefusedChange, syncFieldWork, useFieldSync } from '@meridian/shared/offline/field-sync';
import { useSession } from '@meridian/shared/session/session-store';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export function FieldSyncPanel() {
  const format = useTenantFormat();
  const { syncs, syncing, waiting, refused, lastSyncedAt } = useFieldSync((state) => state);
  const online = useSession((state) => state.networkOnline);
  if (!syncs || (waiting === 0 && refused.length === 0)) return null;
  return (
    <Flex vertical gap={8} role="region" aria-label={MESSAGES.savedOnDevice}>
      {waiting > 0 && (
        <Alert
          type="info"
          showIcon
          title={changesWaitingMessage(waiting)}
          description={lastSyncedAt ? lastSyncedMessage(format.timeOfDay(lastSyncedAt)) : undefined}
          action={
            <Button size="small" loading={syncing} disabled={!online} onClick={() => void syncFieldWork()}>
              {MESSAGES.syncNow}
            </Button>
          }
        />
      )}
      {refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={MESSAGES.changesRefused}
          description={
            <List
              size="small"
              dataSource={refused}
              renderItem={(change) => (
                <List.Item
                  actions={[
                    <Button key="discard" size="small" onClick={() => void discardRefusedChange(change.seq)}>
                      {MESSAGES.discardChange}
                    </Button>,
                  ]}
                >
                  <Typography.Text>{`${format.moment(change.dateModified)}: ${change.refusal}`}</Typography.Text>
                </List.Item>
              )}
            />
          }
        />
      )}
    </Flex>
  );
}
