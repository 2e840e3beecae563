/** The one way a screen says that loading failed: the failure's sentence and a retry. */
import { Alert, Button } from 'antd';
import { errorText } from '../http/api-errors';
import { MESSAGES } from '../messages';

export function LoadFailedAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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
