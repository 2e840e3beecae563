/** What a screen says when maker-checker holds a move (the server answered 202): it waits for a checker, it is not done. */
import { Alert } from 'antd';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { LOAN_TEXT, pendingText } from './loan-text';

export function PendingAlert({ request, onClose }: { request: CheckRequest | null; onClose(): void }) {
  if (!request) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      title={LOAN_TEXT.pendingTitle}
      description={pendingText(request.action)}
      closable={{ onClose }}
    />
  );
}
