/**
 * A lead's details as a PDF (POST /leads/generate-pdf), drawn on the server with pdfkit in the API's one
 * PDF layout (files/pdf-layout).
 */
import { leadPdfFileName, type Lead } from '@meridian/shared/contract/lead';
import { MONEY } from '@meridian/shared/constants';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { pdfLayout, pdfTime } from '../../files/pdf-layout';
import { companyOf } from '../../tenancy/company-of';
import { effectiveSettings } from '../settings/effective-settings';
import { loadLead } from './lead-read';

export interface LeadPdfOptions {
  companyName: string;
  currencySymbol: string;
  timeZone: string;
  generatedBy: string;
}

export async function leadPdf(lead: Lead, options: LeadPdfOptions): Promise<Buffer> {
  const when = (value: string | Date | null) => (value ? pdfTime(value, options.timeZone) : '-');
  const money = (value: number | null) =>
    value === null
      ? '-'
      : `${options.currencySymbol}${value.toLocaleString('en-ZA', { minimumFractionDigits: MONEY.decimals, maximumFractionDigits: MONEY.decimals })}`;
  const name = `${lead.firstName} ${lead.lastName}`;

  const { doc, heading, row, finish } = await pdfLayout({
    title: `Lead ${name}`,
    author: options.companyName,
    subject: 'Lead details',
    heading: `Lead: ${name}`,
    subtitle: `${lead.tenantName} - status ${lead.status}`,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

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

  finish(`Generated ${when(new Date())} by ${options.generatedBy}.`);
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
