/** /pdfReader?url=: a PDF of this application in the browser's own viewer. */
import { MESSAGES } from '@meridian/shared/messages';
import { DocumentFrame, FRAME_STYLE } from './parts/document-frame';

export default function PdfReaderPage() {
  return (
    <DocumentFrame title={MESSAGES.pdfTitle}>{(url) => <iframe src={url} title={MESSAGES.pdfTitle} style={FRAME_STYLE} />}</DocumentFrame>
  );
}
