/**
 * Add a template (/admin/template/add) or edit one (/admin/template/edit/:id): its name, type (HTML,
 * Word, Text, WhatsApp) and subject, then either its text, written with the merge fields the server
 * offers (GET /api/templates/merge-fields) and previewed live with their sample values, or, for Word,
 * its document. Fields are checked as the user types against the contract's rules. A chosen document
 * goes with the form as the multipart field 'document'; without one the form is sent as JSON. A
 * refusal keeps what was typed and puts the server's messages on the fields.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Col, Form, Row, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import { TEMPLATE_TYPE } from '@meridian/shared/constants';
import {
  TEMPLATE_DOCUMENT,
  TEMPLATE_LIMITS,
  TEMPLATE_TYPE_NAMES,
  type MergeField,
  type Template,
  type TemplateType,
} from '@meridian/shared/contract/template';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors, errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { downloadTemplateDocument } from './template-document';
import { insertAt, MergeFieldButtons, TemplatePreview } from './template-editor-parts';
import {
  emptyTemplateForm,
  isWritten,
  TEMPLATE_FORM_FIELDS,
  TEMPLATE_TYPES,
  templateFormSchema,
  templateFormValuesOf,
  templateRequestBody,
} from './template-form-schema';
import { TEMPLATES_LIST_PATH } from './template-paths';
import { charactersUsedMessage, downloadDocumentLabel, TEMPLATE_TEXT } from './template-text';

const TYPE_CHOICES = TEMPLATE_TYPES.map((value) => ({ value, label: TEMPLATE_TYPE_NAMES[value] }));
const asTemplateType = (value: unknown): TemplateType =>
  TEMPLATE_TYPES.includes(value as TemplateType) ? (value as TemplateType) : TEMPLATE_TYPE.TEXT;

const bodyLabel = (type: TemplateType) =>
  type === TEMPLATE_TYPE.HTML
    ? TEMPLATE_TEXT.templateBodyHtml
    : type === TEMPLATE_TYPE.WHATSAPP
      ? TEMPLATE_TEXT.templateBodyWhatsApp
      : TEMPLATE_TEXT.templateBodyText;

/** The chosen document as antd's upload list shows it. */
const chosenList = (file: File | null | undefined): UploadFile[] =>
  file ? [{ uid: 'chosen-document', name: file.name, size: file.size, type: file.type, status: 'done' }] : [];

function DownloadButton({ template }: { template: Template }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!template.documentName) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadTemplateDocument(template);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void download()}
      aria-label={downloadDocumentLabel(template.documentName)}
    >
      {template.documentName}
    </Button>
  );
}

function TemplateForm({ template }: { template?: Template }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const mergeFields = useLoad((signal) => api.get<MergeField[]>('/api/templates/merge-fields', { signal }).then((r) => r.data), []);
  const schema = useMemo(() => templateFormSchema(Boolean(template?.documentName)), [template]);
  const { control, handleSubmit, setError, setValue, trigger, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: template ? templateFormValuesOf(template) : emptyTemplateForm(),
  });
  const { isSubmitted } = formState;
  const [typeValue, subject, body] = useWatch({ control, name: ['type', 'subject', 'body'] });
  const type = asTemplateType(typeValue);
  const written = isWritten(type);

  // Where the caret was in the text, so a merge field goes there (the click on its button takes the focus away).
  const bodyBox = useRef<HTMLDivElement>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  const rememberSelection = (event: { target: EventTarget }) => {
    const area = event.target as HTMLTextAreaElement;
    if (typeof area.selectionStart === 'number') selection.current = { start: area.selectionStart, end: area.selectionEnd };
  };
  const insertMergeField = (token: string) => {
    const next = insertAt(body ?? '', token, selection.current);
    setValue('body', next.text, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
    selection.current = { start: next.caret, end: next.caret };
    requestAnimationFrame(() => {
      const area = bodyBox.current?.querySelector('textarea');
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  // A new type changes what is required: a Word template needs its document, the others their text.
  const firstType = useRef(type);
  useEffect(() => {
    if (type === firstType.current) return;
    firstType.current = type;
    if (type !== TEMPLATE_TYPE.WORD) setValue('document', null);
    if (type === TEMPLATE_TYPE.WORD || isSubmitted) void trigger(['body', TEMPLATE_DOCUMENT.field]);
  }, [type, isSubmitted, setValue, trigger]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const request = templateRequestBody(values);
      if (template) await api.put<Template>(`/api/templates/${encodeURIComponent(template.Id)}`, request);
      else await api.post<Template>('/api/templates', request);
      void message.success(template ? TEMPLATE_TEXT.templateSaved : TEMPLATE_TEXT.templateCreated);
      void navigate(TEMPLATES_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, TEMPLATE_FORM_FIELDS, setError));
    }
  });

  const shownFields = mergeFields.status === 'loaded' ? mergeFields.data : [];
  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={24}>
        <Col xs={24} lg={written ? 12 : 24} style={written ? undefined : { maxWidth: 720 }}>
          <TextField control={control} name="name" label={MESSAGES.name} autoComplete="off" autoFocus={!template} />
          <SelectField control={control} name="type" label={TEMPLATE_TEXT.templateType} options={TYPE_CHOICES} />
          <TextField control={control} name="subject" label={TEMPLATE_TEXT.templateSubject} autoComplete="off" emptyAsNull />
          {written ? (
            <>
              <Form.Item label={TEMPLATE_TEXT.mergeFields} extra={TEMPLATE_TEXT.mergeFieldsHint}>
                <MergeFieldButtons state={mergeFields} onInsert={insertMergeField} />
              </Form.Item>
              <div ref={bodyBox} onSelect={rememberSelection} onKeyUp={rememberSelection} onClick={rememberSelection}>
                <TextAreaField
                  control={control}
                  name="body"
                  label={bodyLabel(type)}
                  rows={14}
                  extra={
                    type === TEMPLATE_TYPE.WHATSAPP
                      ? charactersUsedMessage((body ?? '').length, TEMPLATE_LIMITS.whatsAppMaxLength)
                      : undefined
                  }
                />
              </div>
            </>
          ) : (
            <Controller
              control={control}
              name="document"
              render={({ field, fieldState }) => (
                <Form.Item
                  label={TEMPLATE_TEXT.templateDocument}
                  validateStatus={fieldState.error ? 'error' : undefined}
                  help={fieldState.error?.message}
                  extra={template?.documentName ? TEMPLATE_TEXT.templateDocumentReplaceHint : TEMPLATE_TEXT.templateDocumentHint}
                >
                  <Upload
                    accept={TEMPLATE_DOCUMENT.wordExtensions.join(',')}
                    maxCount={1}
                    fileList={chosenList(field.value)}
                    // Nothing is uploaded on its own: the file goes with the form when it is saved.
                    beforeUpload={(file) => {
                      field.onChange(file);
                      return false;
                    }}
                    onRemove={() => field.onChange(null)}
                  >
                    <Button icon={<UploadOutlined />} aria-invalid={Boolean(fieldState.error)}>
                      {TEMPLATE_TEXT.chooseDocument}
                    </Button>
                  </Upload>
                </Form.Item>
              )}
            />
          )}
          {!written && template?.documentName && (
            <Form.Item label={TEMPLATE_TEXT.templateStoredDocument}>
              <DownloadButton template={template} />
            </Form.Item>
          )}
          <FormAlert text={failure} />
          <SubmitButton busy={formState.isSubmitting}>{template ? MESSAGES.save : TEMPLATE_TEXT.createTemplate}</SubmitButton>
        </Col>
        {written && (
          <Col xs={24} lg={12}>
            <TemplatePreview type={type} subject={subject} body={body} mergeFields={shownFields} />
            {template?.documentName && (
              <Alert
                type="info"
                showIcon
                style={{ marginTop: 16 }}
                title={TEMPLATE_TEXT.templateHasDocument}
                action={<DownloadButton template={template} />}
              />
            )}
          </Col>
        )}
      </Row>
    </FormFrame>
  );
}

const backToTemplates = <LinkButton to={TEMPLATES_LIST_PATH}>{TEMPLATE_TEXT.backToTemplates}</LinkButton>;

function EditTemplate({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<Template>(`/api/templates/${encodeURIComponent(id)}`, { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame
      title={TEMPLATE_TEXT.editTemplate}
      subtitle={loaded.status === 'loaded' ? loaded.data.name : undefined}
      actions={backToTemplates}
    >
      <LoadPanel state={loaded}>{(template) => <TemplateForm key={template.Id} template={template} />}</LoadPanel>
    </PageFrame>
  );
}

export default function TemplateFormPage() {
  const { id } = useParams();
  if (id) return <EditTemplate id={id} />;
  return (
    <PageFrame title={TEMPLATE_TEXT.newTemplate} actions={backToTemplates}>
      <TemplateForm />
    </PageFrame>
  );
}
