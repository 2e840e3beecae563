/**
 * What a screen shows for a `useLoad` state: a spinner while loading, the failure with a retry, and the
 * content once loaded. (The shared kit has this inside PagedTable only; forms that load first need it too.)
 */
import type { ReactNode } from 'react';
import { Alert, Button, Flex, Spin } from 'antd';
import { errorText } from '../http/api-errors';
import type { LoadState } from '../http/use-load';
import { MESSAGES } from '../messages';

export function LoadPanel<T>({ state, children }: { state: LoadState<T> & { reload(): void }; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={MESSAGES.loading} />
      </Flex>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={MESSAGES.loadFailed}
        description={errorText(state.error)}
        action={
          <Button size="small" onClick={state.reload}>
            {MESSAGES.retry}
          </Button>
        }
      />
    );
  }
  return <>{children(state.data)}</>;
}
