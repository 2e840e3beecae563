/**
 * A lead's details as a PDF (POST /leads/generate-pdf), drawn on the server with pdfkit. Streams are
 * left uncompressed: the document is one or two pages of text, and its text stays searchable.
 */
import PDFDocument from 'pdfkit';
import { leadPdfFileName, type Lead } from '@meridian/shared/contract/lead';
import { MONEY } from '@meridian/shared/constants';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { companyOf } from '../../tenancy/company-of';
import { effectiveSettings } from '../settings/effective-settings';
import { loadLead } from './lead-read';

export interface LeadPdfOptions {
  companyName: string;
  currencySymbol: string;
  timeZone: string;
  generatedBy: string;
}

const LABEL_WIDTH = 150;

export function leadPdf(lead: Lead, options: LeadPdfOptions): Promise<Buffer> {
  const when = (value: string | Date | null) =>
    value
      ? new Intl.DateTimeFormat('en-CA', {
          timeZone: options.timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .format(new Date(value))
          .replace(',', '')
      : '-';
  const money = (value: number | null) =>
    value === null
      ? '-'
      : `${options.currencySymbol}${value.toLocaleString('en-ZA', { minimumFractionDigits: MONEY.decimals, maximumFractionDigits: MONEY.decimals })}`;
  const name = `${lead.firstName} ${lead.lastName}`;

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: `Lead ${name}`, Author: options.companyName, Subject: 'Lead details', Creator: 'Meridian' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#1f3a5f').text(text).moveDown(0.3);
    doc.font('Helvetica').fontSize(10).fillColor('#000000');
  };
  const row = (label: string, value: string | number | null | undefined) => {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, doc.page.margins.left, y, { width: LABEL_WIDTH });
    const labelBottom = doc.y;
    doc
      .font('Helvetica')
      .text(value === null || value === undefined || value === '' ? '-' : String(value), doc.page.margins.left + LABEL_WIDTH, y, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right - LABEL_WIDTH,
      });
    doc.y = Math.max(doc.y, labelBottom);
    doc.x = doc.page.margins.left;
  };

  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(options.companyName);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#000000').text(`Lead: ${name}`);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(`${lead.tenantName} - status ${lead.status}`).fillColor('#000000');

  heading('Contact');
  row('Contact number', lead.contactNumber);
  row('Phone number', lead.phonenumber);
  row('Country code', lead.countryCode);
  row('E-mail address', lead.emailAddress);
  row('ID number', lead.idNumber);
  row('Employee number', lead.empNumber);

  heading('Lead');
  row('Status', lead.status);
  row('Source', lead.source);
  row('Assigned to', lead.assignedTo);
  row('Created by', lead.leadCreatedBy);
  row('Created', when(lead.dateCreated));
  row('Last changed', when(lead.dateModified));
  row('Location', lead.location);
  row('Coordinates', lead.latitude === 0 && lead.longitude === 0 ? null : `${lead.latitude}, ${lead.longitude}`);

  heading('Consent and affordability');
  row('Consent status', lead.consentStatus);
  row('Consent date', when(lead.consentDate));
  row('Consent requested', when(lead.consentRequestedAt));
  row('Affordability outcome', lead.affordabilityOutcome);
  row('Total affordability', money(lead.totalAffordability));
  row('Instalment amount', money(lead.installmentAmount));
  row('Affordability date', when(lead.affordabilityDate));

  heading('Addresses');
  if (!lead.addresses.length) doc.text('No address on record.');
  for (const address of lead.addresses) {
    const lines = [address.lineone, address.city, address.postcode, address.state, address.country].filter(Boolean).join(', ');
    row(address.type, lines || null);
  }

  doc
    .moveDown(2)
    .fontSize(8)
    .fillColor('#777777')
    .text(`Generated ${when(new Date())} by ${options.generatedBy}.`);
  doc.end();
  return done;
}

/** The PDF of a visible lead, in its company's name, currency and time zone, with the file name to offer. */
export async function visibleLeadPdf(q: Queryable, scope: TenantScope, leadId: string, generatedBy: string) {
  const lead = await loadLead(q, scope, leadId);
  const [company, settings] = await Promise.all([companyOf(q, lead.tenantId), effectiveSettings(q, lead.tenantId)]);
  const pdf = await leadPdf(lead, {
    companyName: company.name,
    currencySymbol: settings.values.currencySymbol,
    timeZone: settings.values.timeZone,
    generatedBy,
  });
  return { pdf, fileName: leadPdfFileName(lead) };
}
