/**
 * /share/:token: one asset's live position for anyone holding a share link, signed out (tracking
 * spec 2 "Share"; issue 19 item 7). It asks the public call every 10 s (the socket needs sign-in),
 * says plainly when the link has expired or does not exist (and then stops asking), and writes when
 * the position was taken in the sharing tenant's zone. The map draws the tiles the answer names, so
 * the page never makes a signed-in call (one would send a signed-out visitor to the sign-in page).
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Descriptions, Result, Spin, Tag, Typography } from 'antd';
import { SHARE_LINK_LIMITS, shareTokenSchema, type SharedAsset } from '@meridian/shared/contract/share-link';
import { assetShareLinks } from '@meridian/shared/contract/areas/tracking';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { DEFAULT_TENANT_FORMAT, formatMoment } from '@meridian/shared/format';
import { api } from '@meridian/shared/http/api';
import { isApiError } from '@meridian/shared/http/api-error';
import { PointsMap } from '@meridian/shared/ui/points-map';

export const SHARED_ASSET_TEXT = {
  loading: 'Opening the shared vehicle…',
  expiredTitle: 'This share link has expired',
  expiredBody: 'Ask the person who shared it for a new link.',
  missingTitle: 'This share link does not exist',
  missingBody: 'It may have been revoked, or the address was copied only in part.',
  throttled: 'Too many attempts from this network. Try again later.',
  unreachable: 'The server cannot be reached just now; trying again…',
  stale: 'The server cannot be reached just now: the position shown may be old. Trying again…',
  noPosition: 'This vehicle has not reported a position yet.',
  online: 'Online',
  offline: 'Offline',
  positionTaken: 'Position taken',
  speed: 'Speed',
  address: 'Address',
  expires: 'Link expires',
  refreshNote: 'Updates every 10 seconds.',
} as const;

type View =
  | { kind: 'loading' }
  | { kind: 'unreachable' }
  | { kind: 'shown'; asset: SharedAsset; stale: boolean }
  | { kind: 'expired' }
  | { kind: 'missing' }
  | { kind: 'throttled' };

/** The page's last word when the server says the link is over (or the address is guessing); null for a failure worth retrying. */
function finalView(error: unknown): View | null {
  if (!isApiError(error)) return null;
  if (error.status === 410) return { kind: 'expired' };
  if (error.status === 404 || error.status === 400) return { kind: 'missing' };
  if (error.status === 429) return { kind: 'throttled' };
  return null;
}

/** A failure worth retrying keeps the last position on screen, marked as possibly old. */
const staleOf = (previous: View): View => (previous.kind === 'shown' ? { ...previous, stale: true } : { kind: 'unreachable' });

function useSharedAsset(token: string | null): View {
  const [view, setView] = useState<View>(token ? { kind: 'loading' } : { kind: 'missing' });
  useEffect(() => {
    if (!token) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const path = `/api${pathTo(assetShareLinks.api.sharedAsset, { token })}`;
    const poll = async () => {
      let ended: View | null = null;
      try {
        const { data } = await api.get<SharedAsset>(path);
        if (stopped) return;
        setView({ kind: 'shown', asset: data, stale: false });
      } catch (error) {
        if (stopped) return;
        ended = finalView(error);
        setView((previous) => ended ?? staleOf(previous));
      }
      if (!ended) timer = setTimeout(poll, SHARE_LINK_LIMITS.refreshMs);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token]);
  return view;
}

function SharedAssetDetails({ asset, stale }: { asset: SharedAsset; stale: boolean }) {
  const zone = { ...DEFAULT_TENANT_FORMAT, timeZone: asset.timeZone };
  const { position } = asset;
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {asset.name}{' '}
        <Tag color={asset.online ? 'green' : 'default'}>{asset.online ? SHARED_ASSET_TEXT.online : SHARED_ASSET_TEXT.offline}</Tag>
      </Typography.Title>
      {stale && <Alert type="warning" showIcon title={SHARED_ASSET_TEXT.stale} style={{ marginBottom: 12 }} />}
      {position ? (
        <PointsMap
          label={asset.name}
          height="min(60vh, 480px)"
          tiles={asset.map}
          points={[{ key: 'asset', label: asset.name, lat: position.latitude, lng: position.longitude }]}
        />
      ) : (
        <Alert type="info" showIcon title={SHARED_ASSET_TEXT.noPosition} />
      )}
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" style={{ marginTop: 12 }}>
        {position && (
          <>
            <Descriptions.Item label={SHARED_ASSET_TEXT.positionTaken}>
              {formatMoment(position.fixTime, zone)} ({asset.timeZone})
            </Descriptions.Item>
            <Descriptions.Item label={SHARED_ASSET_TEXT.speed}>{position.speedKmh} km/h</Descriptions.Item>
            {position.address && <Descriptions.Item label={SHARED_ASSET_TEXT.address}>{position.address}</Descriptions.Item>}
          </>
        )}
        <Descriptions.Item label={SHARED_ASSET_TEXT.expires}>
          {formatMoment(asset.expireDate, zone)} ({asset.timeZone})
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{SHARED_ASSET_TEXT.refreshNote}</Typography.Text>
    </div>
  );
}

export default function SharedAssetPage() {
  const { token } = useParams();
  // A link cut short is reported at once rather than sent to the server (where it would count as a guess).
  const parsed = shareTokenSchema.safeParse(token);
  const view = useSharedAsset(parsed.success ? parsed.data : null);
  switch (view.kind) {
    case 'loading':
      return <Result icon={<Spin />} title={SHARED_ASSET_TEXT.loading} />;
    case 'unreachable':
      return <Result status="warning" title={SHARED_ASSET_TEXT.unreachable} />;
    case 'expired':
      return <Result status="warning" title={SHARED_ASSET_TEXT.expiredTitle} subTitle={SHARED_ASSET_TEXT.expiredBody} />;
    case 'missing':
      return <Result status="404" title={SHARED_ASSET_TEXT.missingTitle} subTitle={SHARED_ASSET_TEXT.missingBody} />;
    case 'throttled':
      return <Result status="warning" title={SHARED_ASSET_TEXT.throttled} />;
    default:
      return <SharedAssetDetails asset={view.asset} stale={view.stale} />;
  }
}
