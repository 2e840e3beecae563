/** What a route shows when its remote's code fails: the rest of the product keeps working. */
import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

export function AreaError({ area }: { area: string }) {
  const error = useRouteError() as Error | undefined;
  return (
    <Result
      status="warning"
      title={`${area} is unavailable right now`}
      subTitle={error?.message ?? 'This part of the product failed to load.'}
      extra={<Button type="primary" onClick={() => window.location.reload()}>Retry</Button>}
    />
  );
}
