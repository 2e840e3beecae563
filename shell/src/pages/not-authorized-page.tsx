/** Shown when a permission is missing (spec 2.5 rule 4); the guard passes the attempted path as redirectFrom. */
import { Result, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@meridian/shared/messages';
import { LinkButton } from './parts/link-button';

export default function NotAuthorizedPage() {
  const [params] = useSearchParams();
  const attempted = params.get('redirectFrom');
  return (
    <Result
      status="403"
      title={MESSAGES.notAuthorized}
      subTitle={
        attempted ? (
          <>
            {MESSAGES.attemptedPage} <Typography.Text code>{attempted}</Typography.Text>
          </>
        ) : undefined
      }
      extra={<LinkButton to="/">{MESSAGES.goHome}</LinkButton>}
    />
  );
}
