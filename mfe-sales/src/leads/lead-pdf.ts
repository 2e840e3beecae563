/**
 * A lead's PDF: the server draws it from the lead it is named (POST /api/leads/generate-pdf {leadId})
 * and answers the file, saved under the name the server gives it (the contract's leadPdfFileName).
 */
import { leadPdfFileName, type LeadListItem } from '@meridian/shared/contract/lead';
import { api } from '@meridian/shared/http/api';
import { saveFile } from '@meridian/shared/http/save-file';
import { LEADS_API } from './lead-paths';

export async function downloadLeadPdf(lead: Pick<LeadListItem, 'Id' | 'firstName' | 'lastName'>) {
  const pdf = await api.download(LEADS_API.pdf, { method: 'POST', body: { leadId: lead.Id } });
  saveFile(pdf, leadPdfFileName(lead));
}
