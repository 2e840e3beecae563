/** What a page that acts on load shows: a spinner with what is happening, then the outcome. */
import type { ReactNode } from 'react';
import { Flex, Result, Spin, Typography } from 'antd';

export type ActionState =
  | { kind: 'working' }
  | { kind: 'done'; title: string; detail?: ReactNode }
  | { kind: 'failed'; title: string; detail?: ReactNode; status?: 'error' | 'warning' | 'info' | '403' | '404' };

export function ActionStatus({ state, working, extra }: { state: ActionState; working: string; extra?: ReactNode }) {
  if (state.kind === 'working') {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 24 }} role="status">
        <Spin size="large" />
        <Typography.Text>{working}</Typography.Text>
      </Flex>
    );
  }
  const status = state.kind === 'done' ? 'success' : (state.status ?? 'error');
  return <Result status={status} title={state.title} subTitle={state.detail} extra={extra} />;
}
