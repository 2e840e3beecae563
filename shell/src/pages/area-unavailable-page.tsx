/**
 * What an address of an area whose code could not be fetched shows (a bookmark or a link in an e-mail
 * into a remote that is down): the normal layout, the area named as unavailable for now, and a retry.
 * Once the area loads (from here or from the sidebar's retry) the page reloads, so the area's own
 * routes, guards and page take over.
 */
import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { areaUnavailableMessage, MESSAGES } from '@meridian/shared/messages';
import { useLoadedRemotes } from '@meridian/shared/module/loaded-modules';
import { retryRemote } from '../remotes/load-remotes';

export function AreaUnavailablePage({ remote, title }: { remote: string; title: string }) {
  const remotes = useLoadedRemotes();
  const loaded = remotes.some((r) => r.name === remote && r.status === 'loaded');
  const [retry, setRetry] = useState<'idle' | 'trying' | 'still-down'>('idle');

  useEffect(() => {
    if (loaded) window.location.reload();
  }, [loaded]);

  const tryAgain = async () => {
    setRetry('trying');
    const state = await retryRemote(remote);
    if (state?.status !== 'loaded') setRetry('still-down');
  };

  return (
    <Result
      status="warning"
      // The page's heading, so assistive technology announces what the page is about.
      title={
        <span role="heading" aria-level={1}>
          {areaUnavailableMessage(title)}
        </span>
      }
      subTitle={retry === 'still-down' ? MESSAGES.areaStillUnavailable : MESSAGES.areaUnavailableDetail}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} loading={retry === 'trying' || loaded} onClick={() => void tryAgain()}>
          {MESSAGES.retry}
        </Button>
      }
    />
  );
}
