/**
 * A consent form's PDF copy, drawn on the server with pdfkit and answered as a stream (the document is
 * piped to the reply as pdfkit writes it; nothing holds it whole). It carries the lender's name, the loan
 * and its client, the words the signer agreed to, the signer's details, the signature and where and when
 * it was signed (in the tenant's time zone, with UTC beside it). A voided form says so at the top. It is
 * drawn in the API's one PDF layout (files/pdf-layout), as the lead's PDF is.
 */
import {
  consentPdfFileName,
  consentText,
  CONSENT_KIND_NAMES,
  MARRIAGE_REGIME_NAMES,
  type LoanConsent,
} from '@meridian/shared/contract/loan-consent';
import { formatMinor } from '@meridian/shared/money-text';
import type { Queryable } from '../../db/database';
import { pdfLayout, pdfTime } from '../../files/pdf-layout';
import { companyOf } from '../../tenancy/company-of';
import { effectiveSettings } from '../settings/effective-settings';
import { consentById } from './consent-read';

export interface ConsentPdfOptions {
  lenderName: string;
  timeZone: string;
  generatedBy: string;
}

const SIGNATURE_BOX = { width: 260, height: 110 };

/** Intl writes groups with no-break spaces that the PDF's standard fonts may not hold: plain spaces instead. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export async function consentPdf(consent: LoanConsent, signature: Buffer | null, options: ConsentPdfOptions): Promise<PDFKit.PDFDocument> {
  const money = (minor: number | null) => (minor === null ? '-' : plain(formatMinor(minor, consent.currency)));
  const title = CONSENT_KIND_NAMES[consent.kind];

  const { doc, width, heading, row, finish } = await pdfLayout({
    title: `${title}: ${consent.signerName}`,
    author: options.lenderName,
    subject: title,
    heading: title,
  });
  if (consent.voided)
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor('#b00020')
      .text(`VOID since ${pdfTime(consent.voidedAt!, options.timeZone)}: ${consent.voidReason ?? ''}`)
      .fillColor('#000000');

  heading('Loan application');
  row('Borrower', consent.clientName);
  row('Product', consent.productName);
  row('Amount applied for', money(consent.principalMinor));
  row('Loan reference', consent.loanId);
  row('Application status', consent.loanStatus);

  heading(consent.kind === 'spousal' ? 'Consent' : 'Guarantee');
  doc.text(
    plain(
      consentText(consent, { principal: money(consent.principalMinor), guaranteed: money(consent.guaranteedMinor) }, options.lenderName),
    ),
    { width },
  );

  heading(consent.kind === 'spousal' ? 'Spouse' : 'Guarantor');
  row('Full name', consent.signerName);
  row('ID number', consent.idNumber);
  row('Phone', consent.phone);
  if (consent.kind === 'spousal') row('Marriage', consent.marriageRegime ? MARRIAGE_REGIME_NAMES[consent.marriageRegime] : null);
  else {
    row('Address', consent.address);
    row('Relationship to borrower', consent.relationship);
    row('Monthly income', money(consent.monthlyIncomeMinor));
    row('Amount guaranteed', money(consent.guaranteedMinor));
  }

  heading('Signed');
  row('Place', consent.signedPlace);
  row('Date and time', `${pdfTime(consent.signedAt, options.timeZone)} (${options.timeZone}); ${pdfTime(consent.signedAt, 'UTC')} UTC`);
  row('Captured by', consent.capturedBy);
  doc.moveDown(0.5);
  const top = doc.y;
  if (signature) doc.image(signature, doc.page.margins.left, top, { fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height] });
  else doc.text('The signature image is missing from the server.', doc.page.margins.left, top);
  doc.y = top + SIGNATURE_BOX.height;
  doc
    .moveTo(doc.page.margins.left, doc.y)
    .lineTo(doc.page.margins.left + SIGNATURE_BOX.width, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.3).fontSize(9).fillColor('#555555').text(`Signature of ${consent.signerName}`, doc.page.margins.left);

  finish(`Copy made ${pdfTime(new Date(), options.timeZone)} by ${options.generatedBy}. Form ${consent.id}.`);
  return doc;
}

/** The PDF of a form, in its loan's company's name and time zone, with the file name to offer. */
export async function consentPdfOf(q: Queryable, consentId: string, signature: Buffer | null, generatedBy: string) {
  const consent = await consentById(q, consentId);
  const [company, settings] = await Promise.all([companyOf(q, consent.tenantId), effectiveSettings(q, consent.tenantId)]);
  const pdf = await consentPdf(consent, signature, { lenderName: company.name, timeZone: settings.values.timeZone, generatedBy });
  return { pdf, fileName: consentPdfFileName(consent) };
}
