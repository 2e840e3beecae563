/** The /coming-soon page of spec 2.1 ("Placeholder page"): where links to unreleased screens lead. */
import { Result } from 'antd';
import { MESSAGES } from '@meridian/shared/messages';
import { LinkButton } from './parts/link-button';

export default function ComingSoonPage() {
  return <Result status="info" title={MESSAGES.comingSoon} extra={<LinkButton to="/">{MESSAGES.goHome}</LinkButton>} />;
}
