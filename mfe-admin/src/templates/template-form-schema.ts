/**
 * The template form's schema: the contract's own (templateSaveSchema: name, type, subject, body and
 * the body rules of each type) joined with the document the form may carry, checked by the contract's
 * templateDocumentProblem, so the browser refuses exactly what POST and PUT /api/templates refuse.
 * The document rule runs even while another field is wrong, so every problem shows at once.
 */
import { z } from 'zod';
import { TEMPLATE_TYPE } from '@meridian/shared/constants';
import { fileTooLargeMessage } from '@meridian/shared/messages';
import {
  TEMPLATE_DOCUMENT,
  templateDocumentProblem,
  templateSaveSchema,
  type Template,
  type TemplateSave,
  type TemplateType,
} from '@meridian/shared/contract/template';

const documentSchema = z.object({ document: z.custom<File | null>((value) => value === null || value instanceof Blob).default(null) });

/** `hasStoredDocument`: the template being edited already has a document, so a Word template needs no new one. */
export const templateFormSchema = (hasStoredDocument: boolean) =>
  z.intersection(templateSaveSchema, documentSchema).superRefine(
    (values, ctx) => {
      const document = (values as { document?: File | null }).document ?? null;
      // The server's limit, checked before ten megabytes and more travel only to be refused.
      const problem =
        document && document.size > TEMPLATE_DOCUMENT.maxBytes
          ? fileTooLargeMessage(TEMPLATE_DOCUMENT.maxBytes)
          : templateDocumentProblem(values.type, document && { fileName: document.name, size: document.size }, hasStoredDocument);
      if (problem) ctx.addIssue({ code: 'custom', path: [TEMPLATE_DOCUMENT.field], message: problem });
    },
    // Also when the name or text is wrong: the missing document is shown beside them, not after them.
    { when: () => true },
  );

type FormSchema = ReturnType<typeof templateFormSchema>;
export type TemplateFormInput = z.input<FormSchema>;
export type TemplateFormValues = z.output<FormSchema>;

/** The fields a server refusal may name, for applyFieldErrors. */
export const TEMPLATE_FORM_FIELDS = ['name', 'type', 'subject', 'body', TEMPLATE_DOCUMENT.field] as const;

export const TEMPLATE_TYPES: TemplateType[] = [TEMPLATE_TYPE.HTML, TEMPLATE_TYPE.WORD, TEMPLATE_TYPE.TEXT, TEMPLATE_TYPE.WHATSAPP];

/** A Word template's content is its document; the other types are written in the editor. */
export const isWritten = (type: unknown) => type !== TEMPLATE_TYPE.WORD;

export const emptyTemplateForm = (): TemplateFormInput => ({ name: '', type: TEMPLATE_TYPE.HTML, subject: null, body: '', document: null });

export const templateFormValuesOf = (template: Template): TemplateFormInput => ({
  name: template.name,
  type: template.type,
  subject: template.subject,
  body: template.body,
  document: null,
});

const saveFieldsOf = ({ document: _document, ...values }: TemplateFormValues): TemplateSave => ({
  name: values.name,
  type: values.type,
  subject: values.subject || null,
  // A Word template keeps no text of its own.
  body: isWritten(values.type) ? (values.body ?? '') : '',
});

/**
 * The body of POST or PUT /api/templates: JSON, or a multipart form when a document goes with it
 * (its text fields, then the file as the field 'document'). A document chosen for a Word template is
 * not sent once the type has changed to one that is written.
 */
export function templateRequestBody(values: TemplateFormValues): TemplateSave | FormData {
  const fields = saveFieldsOf(values);
  const document = values.type === TEMPLATE_TYPE.WORD ? values.document : null;
  if (!document) return fields;
  const form = new FormData();
  form.append('name', fields.name);
  form.append('type', String(fields.type));
  if (fields.subject) form.append('subject', fields.subject);
  form.append('body', fields.body ?? '');
  form.append(TEMPLATE_DOCUMENT.field, document, document.name);
  return form;
}
