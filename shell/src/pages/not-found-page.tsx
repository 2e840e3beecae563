/** The catch-all for any unknown address; it needs no sign-in. */
import { Result } from 'antd';
import { MESSAGES } from '@meridian/shared/messages';
import { LinkButton } from './parts/link-button';

export default function NotFoundPage() {
  return <Result status="404" title={MESSAGES.pageNotFound} extra={<LinkButton to="/">{MESSAGES.goHome}</LinkButton>} />;
}
