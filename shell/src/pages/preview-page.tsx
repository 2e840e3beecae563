/**
 * /preview?url=: shows a document of this application. Images are drawn as images; PDFs use the
 * browser's viewer; anything else is framed with scripts disabled, so an uploaded HTML file cannot run
 * in our origin.
 */
import { Image } from 'antd';
import { MESSAGES } from '@meridian/shared/messages';
import { DocumentFrame, FRAME_STYLE } from './parts/document-frame';
import { looksLikeImage, looksLikePdf } from './parts/safe-url';

function Preview({ url }: { url: string }) {
  if (looksLikeImage(url)) return <Image src={url} alt={MESSAGES.previewTitle} style={{ maxWidth: '100%' }} />;
  // Browsers refuse to run their PDF viewer inside a sandboxed frame, so only PDFs are framed without one.
  if (looksLikePdf(url)) return <iframe src={url} title={MESSAGES.previewTitle} style={FRAME_STYLE} />;
  return <iframe src={url} title={MESSAGES.previewTitle} style={FRAME_STYLE} sandbox="allow-same-origin allow-downloads" />;
}

export default function PreviewPage() {
  return <DocumentFrame title={MESSAGES.previewTitle}>{(url) => <Preview url={url} />}</DocumentFrame>;
}
