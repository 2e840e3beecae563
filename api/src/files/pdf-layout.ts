/**
 * The one look of the PDFs the API draws with pdfkit (a lead's details, a consent form's copy): A4, the
 * company's name small and grey above a bold title, headed sections of label/value rows, times as
 * "YYYY-MM-DD HH:MM" in a given zone, and a small grey line saying when and by whom it was made. Streams
 * are left uncompressed: the documents are a page or two of text, and their text stays searchable.
 */

const LABEL_WIDTH = 150;

/** A moment as "2026-01-31 14:05" in `timeZone`. */
export const pdfTime = (value: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(value))
    .replace(',', '');

export interface PdfLayout {
  doc: PDFKit.PDFDocument;
  /** The width inside the margins. */
  width: number;
  heading(text: string): void;
  /** A label and its value side by side; an empty value is written as "-". */
  row(label: string, value: string | number | null | undefined): void;
  /** The closing line (when and by whom), then the end of the document. */
  finish(footer: string): void;
}

/**
 * A document opened with the company's name above its title (`subtitle`, if any, grey beneath it). pdfkit is
 * loaded with the first document, not with the server: most processes never draw one.
 */
export async function pdfLayout(meta: {
  title: string;
  author: string;
  subject: string;
  heading: string;
  subtitle?: string;
  /** Landscape for wide tables (a report's columns); portrait unless said. */
  layout?: 'portrait' | 'landscape';
}): Promise<PdfLayout> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: meta.layout ?? 'portrait',
    margin: 50,
    compress: false,
    info: { Title: meta.title, Author: meta.author, Subject: meta.subject, Creator: 'Meridian' },
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(meta.author);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#000000').text(meta.heading);
  if (meta.subtitle) doc.font('Helvetica').fontSize(10).fillColor('#555555').text(meta.subtitle).fillColor('#000000');
  return {
    doc,
    width,
    heading(text) {
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#1f3a5f').text(text).moveDown(0.3);
      doc.font('Helvetica').fontSize(10).fillColor('#000000');
    },
    row(label, value) {
      const y = doc.y;
      doc.font('Helvetica-Bold').text(label, doc.page.margins.left, y, { width: LABEL_WIDTH });
      const labelBottom = doc.y;
      doc
        .font('Helvetica')
        .text(value === null || value === undefined || value === '' ? '-' : String(value), doc.page.margins.left + LABEL_WIDTH, y, {
          width: width - LABEL_WIDTH,
        });
      doc.y = Math.max(doc.y, labelBottom);
      doc.x = doc.page.margins.left;
    },
    finish(footer) {
      doc.moveDown(2).fontSize(8).fillColor('#777777').text(footer);
      doc.end();
    },
  };
}
