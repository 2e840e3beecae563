/**
 * The one way a screen says it is offline (shared/http/api-error.ts isOfflineFailure tells a lost
 * connection apart from a server failure): "You are offline. <what still works>. This page refreshes
 * when you are back online.", and it keeps that promise by calling its retry when the connection
 * returns. A screen names what still works on it by wrapping its content in OfflineStillWorks; the
 * alerts drawn inside (the paged table's, a load panel's) pick the text up.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useWhenBackOnline } from '../http/use-back-online';
import { MESSAGES, offlineNoticeMessage } from '../messages';

const StillWorks = createContext<string>(MESSAGES.offlineStillWorks);

/** What still works offline on this screen, as a clause without its full stop ("New leads are saved on this device"). */
export function OfflineStillWorks({ text, children }: { text: string; children: ReactNode }) {
  return <StillWorks.Provider value={text}>{children}</StillWorks.Provider>;
}

export function OfflineNotice({ onBackOnline }: { onBackOnline: () => void }) {
  const stillWorks = useContext(StillWorks);
  useWhenBackOnline(onBackOnline);
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      title={offlineNoticeMessage(stillWorks)}
      action={
        <Button size="small" onClick={onBackOnline}>
          {MESSAGES.retry}
        </Button>
      }
    />
  );
}
