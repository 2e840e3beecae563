/**
 * The network indicator of spec 2.6: what the connectivity check last reported (session store
 * `networkOnline`), titled exactly 'Application is currently online.' or '... offline.'.
 */
import { theme } from 'antd';
import { DisconnectOutlined, WifiOutlined } from '@ant-design/icons';
import { MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';

export function NetworkIndicator() {
  const online = useSession((s) => s.networkOnline);
  const { token } = theme.useToken();
  const text = online ? MESSAGES.appOnline : MESSAGES.appOffline;
  return (
    <span
      role="status"
      title={text}
      aria-label={text}
      data-online={online}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        fontSize: 18,
        paddingInline: 4,
        color: online ? token.colorSuccess : token.colorError,
      }}
    >
      {online ? <WifiOutlined aria-hidden /> : <DisconnectOutlined aria-hidden />}
    </span>
  );
}
