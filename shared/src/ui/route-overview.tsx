/**
 * The page of a route whose screen has not been built yet: it names the screen in words a user reads
 * (never its route pattern or permission codes) and offers the way back, so navigation, guards and menus
 * can be used and tested end to end before the screen lands.
 */
import { Button, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { home } from '@meridian/shared/contract/areas/platform';
import { useRouteMeta } from '@meridian/shared/ui/route-context';

export const NOT_BUILT_TEXT = {
  detail: 'This screen is coming in a later release. Everything else in the menu works as usual.',
  offlineToo: 'When it arrives it will also work without a connection.',
  backHome: 'Back to the home page',
};

export default function RouteOverview() {
  const meta = useRouteMeta();
  return (
    <Result
      status="info"
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          {meta?.title ?? 'Coming soon'}
        </Typography.Title>
      }
      subTitle={meta?.offline ? `${NOT_BUILT_TEXT.detail} ${NOT_BUILT_TEXT.offlineToo}` : NOT_BUILT_TEXT.detail}
      extra={
        <Link to={home.screens.view}>
          <Button type="primary">{NOT_BUILT_TEXT.backHome}</Button>
        </Link>
      }
    />
  );
}
