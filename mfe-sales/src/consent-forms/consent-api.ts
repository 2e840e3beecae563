/** The consent forms' calls: one loan, and a form's PDF. */
import type { Loan } from '@meridian/shared/contract/loan';
import { consentPdfFileName, type LoanConsent } from '@meridian/shared/contract/loan-consent';
import { apiPath } from '@meridian/shared/http/api-path';
import { consentForms, loans } from '@meridian/shared/contract/areas/sales';
import { api } from '@meridian/shared/http/api';
import { saveFile } from '@meridian/shared/http/save-file';

export const CONSENTS_URL = apiPath(consentForms.api.list);

export const loadLoan = (id: string, signal: AbortSignal) => api.get<Loan>(apiPath(loans.api.one, { id }), { signal }).then((r) => r.data);

export async function downloadConsentPdf(consent: Pick<LoanConsent, 'id' | 'kind' | 'signerName'>) {
  saveFile(await api.download(apiPath(consentForms.api.pdf, { id: consent.id })), consentPdfFileName(consent));
}
