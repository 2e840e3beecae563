/**
 * The one way a screen says that loading failed: offline, the shared offline notice (which retries by
 * itself when the connection returns); otherwise the failure's sentence and a retry.
 */
import { Alert, Button } from 'antd';
import { isOfflineFailure } from '../http/api-error';
import { errorText } from '../http/api-errors';
import { MESSAGES } from '../messages';
// By package name: the screen's OfflineStillWorks and this notice must read one context, not two copies.
import { OfflineNotice } from '@meridian/shared/ui/load-offline-notice';

export function LoadFailedAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isOfflineFailure(error)) return <OfflineNotice onBackOnline={onRetry} />;
  return (
    <Alert
      type="error"
      showIcon
      title={MESSAGES.loadFailed}
      description={errorText(error)}
      action={
        <Button size="small" onClick={onRetry}>
          {MESSAGES.retry}
        </Button>
      }
    />
  );
}
