/**
 * PDF through pdfkit, in the product's one PDF look (files/pdf-layout.ts: the company's name over a bold
 * title), landscape, as a table: the column labels in bold at the top of every page, then the rows, each as
 * tall as its tallest cell. pdfkit hands each page to the file stream as it goes; when the file falls behind,
 * writing waits for it, so the document is never held whole.
 */
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { pdfLayout } from '../../files/pdf-layout';
import { textOf } from './report-cells';
import type { ReportFileHeader, ReportFileWriter } from './report-file-writer';

const FONT_SIZE = 8;
const CELL_PADDING = 3;
/** Bytes pdfkit may hold ahead of the file before writing waits. */
const MAX_AHEAD_BYTES = 1 << 20;

export async function openPdfWriter(filePath: string, header: ReportFileHeader): Promise<ReportFileWriter> {
  const layout = await pdfLayout({
    title: header.name,
    author: header.companyName,
    subject: header.heading,
    heading: header.name,
    subtitle: header.heading,
    layout: 'landscape',
  });
  const { doc } = layout;
  const file = fs.createWriteStream(filePath);
  doc.pipe(file);
  const written = finished(file);
  written.catch(() => undefined);
  const left = doc.page.margins.left;
  const columnWidth = layout.width / Math.max(1, header.columns.length);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const rowHeight = (texts: readonly string[]) =>
    Math.max(...texts.map((text) => doc.heightOfString(text || ' ', { width: columnWidth - 2 * CELL_PADDING }))) + 2 * CELL_PADDING;

  function drawRow(texts: readonly string[], bold: boolean) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    const height = rowHeight(texts);
    if (doc.y + height > bottom()) {
      doc.addPage();
      if (!bold) drawRow(labels, true);
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    }
    const top = doc.y;
    texts.forEach((text, i) =>
      doc.text(text, left + i * columnWidth + CELL_PADDING, top + CELL_PADDING, { width: columnWidth - 2 * CELL_PADDING, lineBreak: true }),
    );
    doc
      .moveTo(left, top + height)
      .lineTo(left + layout.width, top + height)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
    doc.x = left;
    doc.y = top + height;
  }

  const labels = header.columns.map((column) => column.label);
  doc.moveDown(1);
  drawRow(labels, true);

  return {
    async write(cells) {
      drawRow(textOf(cells), false);
      while (doc.readableLength > MAX_AHEAD_BYTES && !file.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    async finish() {
      layout.finish(header.footer);
      await written;
    },
    async abort() {
      doc.unpipe(file);
      file.destroy();
      await written.catch(() => undefined);
    },
  };
}
