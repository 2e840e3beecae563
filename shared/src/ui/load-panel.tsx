/**
 * What a screen shows for a `useLoad` state: a spinner while loading, the failure with a retry, and the
 * content once loaded, for forms and panels that load before they can show anything.
 */
import type { ReactNode } from 'react';
import { Flex, Spin } from 'antd';
import type { LoadState } from '../http/use-load';
import { MESSAGES } from '../messages';
import { LoadFailedAlert } from './load-failed-alert';

export function LoadPanel<T>({ state, children }: { state: LoadState<T> & { reload(): void }; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <div role="status" aria-label={MESSAGES.loading}>
          <Spin />
        </div>
      </Flex>
    );
  }
  if (state.status === 'failed') {
    return <LoadFailedAlert error={state.error} onRetry={state.reload} />;
  }
  return <>{children(state.data)}</>;
}
