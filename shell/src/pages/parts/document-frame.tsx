/**
 * The document viewer shared by /preview and /pdfReader: the ?url= address, accepted only when it
 * belongs to this application, or a clear empty state when there is nothing (allowed) to show.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Card, Empty } from 'antd';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@meridian/shared/messages';
import { sameOriginUrl } from './safe-url';

export function DocumentFrame({ title, children }: { title: string; children: (url: string) => ReactNode }) {
  const [params] = useSearchParams();
  const raw = params.get('url');
  const url = sameOriginUrl(raw);

  if (!raw?.trim()) {
    return (
      <Card title={title}>
        <Empty description={MESSAGES.noDocument}>{MESSAGES.noDocumentDetail}</Empty>
      </Card>
    );
  }
  if (!url) {
    return (
      <Card title={title}>
        <Alert type="warning" showIcon title={MESSAGES.documentNotAllowed} />
      </Card>
    );
  }
  return (
    <Card
      title={title}
      extra={
        <Button type="link" href={url} target="_blank" rel="noopener noreferrer">
          {MESSAGES.openInNewTab}
        </Button>
      }
    >
      {children(url)}
    </Card>
  );
}

export const FRAME_STYLE = { width: '100%', height: '75vh', border: 0 } as const;
