/** A Word template's document: GET /api/templates/:id/document, saved under the name it was uploaded with. */
import { api } from '@meridian/shared/http/api';
import { saveFile } from '@meridian/shared/http/save-file';

export const templateDocumentPath = (templateId: string) => `/api/templates/${encodeURIComponent(templateId)}/document`;

export async function downloadTemplateDocument(template: { Id: string; documentName: string | null }) {
  saveFile(await api.download(templateDocumentPath(template.Id)), template.documentName ?? 'document');
}
