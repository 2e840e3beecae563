/**
 * What a route shows when its code fails (a remote that throws, a chunk that cannot be fetched): the
 * rest of the product keeps working. Drawn without antd and bundled with the shell, because it must
 * show exactly when further code may not load (offline, a remote down).
 */
import { useRouteError } from 'react-router';
import { areaUnavailableMessage, MESSAGES } from '@meridian/shared/messages';
import { FirstPaintButton, FirstPaintCard, FirstPaintPanel } from '../pages/parts/first-paint-ui';

const isChunkLoadFailure = (error: unknown) =>
  error instanceof Error && /loading (css )?chunk|failed to fetch dynamically imported/i.test(error.message);

/** `fullPage` for the router's root, where no layout is around it. */
export function AreaError({ area, fullPage = false }: { area: string; fullPage?: boolean }) {
  const error = useRouteError();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const detail =
    offline && isChunkLoadFailure(error) ? MESSAGES.offlineDetail : error instanceof Error ? error.message : MESSAGES.areaFailedToLoad;
  const Frame = fullPage ? FirstPaintCard : FirstPaintPanel;
  return (
    <Frame title={areaUnavailableMessage(area)} subtitle={detail}>
      <FirstPaintButton type="button" onClick={() => window.location.reload()}>
        {MESSAGES.retry}
      </FirstPaintButton>
    </Frame>
  );
}
