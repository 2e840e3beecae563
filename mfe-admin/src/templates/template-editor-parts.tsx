/**
 * The pieces of the template editor: the merge fields as buttons that insert their placeholder where
 * the caret is, and the live preview filled in with the fields' sample values.
 *
 * The preview never puts the typed text into the page's own markup: an HTML template is drawn in an
 * iframe sandboxed with no permissions at all (no scripts, no forms, no same-origin access, no
 * navigation of this page), and the other types as plain text.
 */
import { useMemo } from 'react';
import { Alert, Button, Card, Empty, Flex, Typography } from 'antd';
import { TEMPLATE_TYPE } from '@meridian/shared/constants';
import { mergeFieldToken, renderTemplate, sampleMergeValues, type MergeField, type TemplateType } from '@meridian/shared/contract/template';
import { errorText } from '@meridian/shared/http/api-errors';
import type { LoadState } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { insertMergeFieldLabel, TEMPLATE_TEXT } from './template-text';

const ENTITY_TITLES: Partial<Record<string, string>> = { client: TEMPLATE_TEXT.mergeFieldsClient, lead: TEMPLATE_TEXT.mergeFieldsLead };

export function MergeFieldButtons({
  state,
  onInsert,
}: {
  state: LoadState<MergeField[]> & { reload(): void };
  onInsert(token: string): void;
}) {
  if (state.status === 'loading') return <Typography.Text type="secondary">{MESSAGES.loading}</Typography.Text>;
  if (state.status === 'failed') {
    return (
      <Alert
        type="warning"
        showIcon
        title={TEMPLATE_TEXT.mergeFieldsFailed}
        description={errorText(state.error)}
        action={
          <Button size="small" onClick={state.reload}>
            {MESSAGES.retry}
          </Button>
        }
      />
    );
  }
  // In the order the server lists them; an entity this screen has no title for is shown by its own name.
  const groups = [...new Set(state.data.map((f) => f.entity))].map((entity) => ({
    entity,
    fields: state.data.filter((f) => f.entity === entity),
  }));
  return (
    <Flex vertical gap={8} role="group" aria-label={TEMPLATE_TEXT.mergeFields}>
      {groups.map(({ entity, fields }) => (
        <Flex key={entity} gap={6} wrap align="center">
          <Typography.Text type="secondary" style={{ minWidth: 48 }}>
            {ENTITY_TITLES[entity] ?? entity}
          </Typography.Text>
          {fields.map((f) => (
            <Button
              key={f.path}
              size="small"
              shape="round"
              aria-label={insertMergeFieldLabel(f.label)}
              title={mergeFieldToken(f.path)}
              onClick={() => onInsert(mergeFieldToken(f.path))}
            >
              {f.label}
            </Button>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}

/** `text` with `token` in place of the selection [start, end), and where the caret goes after it. */
export function insertAt(text: string, token: string, selection: { start: number; end: number } | null) {
  const start = Math.min(selection?.start ?? text.length, text.length);
  const end = Math.min(Math.max(selection?.end ?? start, start), text.length);
  return { text: `${text.slice(0, start)}${token}${text.slice(end)}`, caret: start + token.length };
}

interface PreviewProps {
  type: TemplateType;
  subject: string | null | undefined;
  body: string | null | undefined;
  mergeFields: readonly MergeField[];
}

export function TemplatePreview({ type, subject, body, mergeFields }: PreviewProps) {
  const values = useMemo(() => sampleMergeValues(mergeFields), [mergeFields]);
  const renderedSubject = subject ? renderTemplate(subject, values, TEMPLATE_TYPE.TEXT) : '';
  const renderedBody = body ? renderTemplate(body, values, type) : '';
  return (
    <Card
      size="small"
      title={TEMPLATE_TEXT.templatePreview}
      extra={<Typography.Text type="secondary">{TEMPLATE_TEXT.templatePreviewHint}</Typography.Text>}
    >
      {renderedSubject && (
        <Typography.Paragraph strong data-testid="preview-subject">
          {renderedSubject}
        </Typography.Paragraph>
      )}
      {!renderedBody ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEMPLATE_TEXT.templatePreviewEmpty} />
      ) : type === TEMPLATE_TYPE.HTML ? (
        <iframe
          title={TEMPLATE_TEXT.templatePreview}
          // No permissions at all: the template's markup cannot run scripts or reach this page.
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={renderedBody}
          style={{ width: '100%', minHeight: 320, border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 6, background: '#fff' }}
        />
      ) : (
        <div
          data-testid="preview-text"
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            padding: 12,
            borderRadius: 8,
            ...(type === TEMPLATE_TYPE.WHATSAPP
              ? { background: '#dcf8c6', color: '#111', maxWidth: 420 }
              : { background: 'rgba(0, 0, 0, 0.02)' }),
          }}
        >
          {renderedBody}
        </div>
      )}
    </Card>
  );
}
