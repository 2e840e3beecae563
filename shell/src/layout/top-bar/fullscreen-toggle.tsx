/**
 * The fullscreen toggle of spec 2.6/4 over the Fullscreen API. The icon follows the document's real
 * state (`fullscreenchange`), so leaving with Esc is reflected too. Hidden where the API is missing
 * (iPhone Safari), since a button that cannot work is worse than none.
 */
import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { MESSAGES } from '@meridian/shared/messages';
import { TOP_BAR_INK } from './top-bar-colours';

const supported = () => typeof document !== 'undefined' && typeof document.documentElement.requestFullscreen === 'function';
const isFullscreen = () => typeof document !== 'undefined' && document.fullscreenElement != null;

export function FullscreenToggle() {
  const [on, setOn] = useState(isFullscreen);

  useEffect(() => {
    const follow = () => setOn(isFullscreen());
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  if (!supported()) return null;

  const toggle = () => {
    const change = isFullscreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Refused (no user gesture, a permissions policy): nothing changed, so nothing to show but a log line.
    void Promise.resolve(change).catch((error: unknown) => console.warn('[top-bar] fullscreen refused:', error));
  };

  const label = on ? MESSAGES.exitFullscreen : MESSAGES.enterFullscreen;
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={on ? <FullscreenExitOutlined style={{ color: TOP_BAR_INK }} /> : <FullscreenOutlined style={{ color: TOP_BAR_INK }} />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
