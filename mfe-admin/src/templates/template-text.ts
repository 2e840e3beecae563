/** The texts of the template screens: the form, its merge fields, document and preview. */

export const TEMPLATE_TEXT = {
  templates: 'Templates',
  newTemplate: 'New template',
  editTemplate: 'Edit template',
  createTemplate: 'Create template',
  backToTemplates: 'Back to templates',
  noTemplates: 'No templates to show.',
  searchTemplates: 'Search template names and subjects',
  templateType: 'Type',
  templateSubject: 'Subject',
  templateBodyHtml: 'HTML',
  templateBodyText: 'Text',
  templateBodyWhatsApp: 'WhatsApp message',
  templateDocument: 'Document',
  templateStoredDocument: 'Current document',
  templateHasDocument: 'This template also has a document.',
  templateDocumentHint: 'A Word document (.doc, .docx, .dot or .dotx) of at most 10 MB. It is sent when the template is saved.',
  templateDocumentReplaceHint: 'Choose a file only to replace the current document. It is sent when the template is saved.',
  chooseDocument: 'Choose a document',
  mergeFields: 'Merge fields',
  mergeFieldsHint: 'Click a field to insert it where the cursor is. It is filled in with the client or lead the template is used for.',
  mergeFieldsClient: 'Client',
  mergeFieldsLead: 'Lead',
  mergeFieldsFailed: 'The merge fields could not be loaded.',
  templatePreview: 'Preview',
  templatePreviewHint: 'With sample data',
  templatePreviewEmpty: 'Write the text to see it here.',
  templateCreated: 'The template has been created.',
  templateSaved: 'The template has been saved.',
  templateDeleted: 'The template has been deleted.',
  templateDeleteDetail: 'The template and its document are removed. This cannot be undone.',
} as const;

export const deleteTemplateQuestion = (name: string) => `Delete the template '${name}'?`;
/** The accessible name of a merge field's button. */
export const insertMergeFieldLabel = (label: string) => `Insert ${label}`;
export const downloadDocumentLabel = (fileName: string) => `Download ${fileName}`;
/** Characters written of those allowed, e.g. under a WhatsApp message. */
export const charactersUsedMessage = (used: number, max: number) => `${used.toLocaleString()} of ${max.toLocaleString()} characters`;
