import { TEMPLATE_TYPE } from '../constants';
import { MESSAGES } from '../messages';
import { MERGE_FIELDS, mergeFieldToken, renderTemplate, sampleMergeValues, templateDocumentProblem, templateSaveSchema } from './template';

describe('renderTemplate', () => {
  const values = {
    client: { firstName: 'Thandiwe', lastName: 'Mokoena' },
    lead: { contactNumber: '0731234567', installmentAmount: 1250.5, consented: false },
  };

  test('replaces every merge field by its value, with or without spaces inside the braces', () => {
    expect(renderTemplate('Dear {{client.firstName}} {{ client.lastName }}, we will call {{lead.contactNumber}}.', values)).toBe(
      'Dear Thandiwe Mokoena, we will call 0731234567.',
    );
  });

  test('the same field may appear many times, and numbers and booleans are written out', () => {
    expect(renderTemplate('{{client.firstName}}/{{client.firstName}}: {{lead.installmentAmount}} {{lead.consented}}', values)).toBe(
      'Thandiwe/Thandiwe: 1250.5 false',
    );
  });

  test('a field without a value stays visible as written, so a typo shows in the result', () => {
    expect(renderTemplate('Hi {{client.fristName}} from {{ branch.name }}', values)).toBe('Hi {{client.fristName}} from {{ branch.name }}');
  });

  test('a null value fills in nothing', () => {
    expect(renderTemplate('Email: {{client.emailAddress}}.', { client: { emailAddress: null } })).toBe('Email: .');
  });

  test('only values of the merge data count: inherited properties and whole objects are not values', () => {
    expect(renderTemplate('{{client.constructor}} {{client.toString}} {{client}}', values)).toBe(
      '{{client.constructor}} {{client.toString}} {{client}}',
    );
  });

  test('values are HTML-escaped in an HTML template, and left as they are in the other types', () => {
    const hostile = { client: { firstName: '<script>alert("x")</script> & Sons\'' } };
    expect(renderTemplate('<p>{{client.firstName}}</p>', hostile, TEMPLATE_TYPE.HTML)).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons&#39;</p>',
    );
    expect(renderTemplate('{{client.firstName}}', hostile, TEMPLATE_TYPE.WHATSAPP)).toBe('<script>alert("x")</script> & Sons\'');
    expect(renderTemplate('{{client.firstName}}', hostile)).toBe(hostile.client.firstName);
  });

  test('text that only looks like a merge field is left alone', () => {
    expect(renderTemplate('{{}} {{ 1abc }} {client.firstName} {{client..firstName}}', values)).toBe(
      '{{}} {{ 1abc }} {client.firstName} {{client..firstName}}',
    );
  });

  test('every offered merge field renders to its sample in a preview', () => {
    const body = MERGE_FIELDS.map((f) => mergeFieldToken(f.path)).join('|');
    expect(renderTemplate(body, sampleMergeValues())).toBe(MERGE_FIELDS.map((f) => f.sample).join('|'));
  });
});

describe('merge fields', () => {
  test('offer client and lead fields, each with a unique path, a label and a sample', () => {
    expect(new Set(MERGE_FIELDS.map((f) => f.entity))).toEqual(new Set(['client', 'lead']));
    expect(new Set(MERGE_FIELDS.map((f) => f.path)).size).toBe(MERGE_FIELDS.length);
    for (const f of MERGE_FIELDS) {
      expect(f.path.startsWith(`${f.entity}.`)).toBe(true);
      expect(f.label).not.toBe('');
      expect(f.sample).not.toBe('');
    }
    expect(MERGE_FIELDS.map((f) => f.path)).toEqual(expect.arrayContaining(['client.firstName', 'lead.contactNumber']));
  });
});

describe('template save rules', () => {
  test('multipart text fields are read like JSON: the type as a number, a blank tenant as none', () => {
    expect(templateSaveSchema.parse({ name: ' Contract ', type: '2', tenantId: '' })).toEqual({ name: 'Contract', type: 2 });
  });

  test('a name is required and at most 100 characters; the type is one of the four', () => {
    const issues = (input: unknown) => templateSaveSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ type: 1, body: 'x' })).toEqual(['name: A template name is required.']);
    expect(issues({ name: 'x'.repeat(101), type: 1, body: 'x' })).toEqual(['name: A template name has at most 100 characters.']);
    expect(issues({ name: 'x', type: 5, body: 'x' })).toEqual(['type: Choose one of: HTML, Word, Text, WhatsApp.']);
  });

  test('every type but Word needs text; a WhatsApp text fits one message', () => {
    expect(templateSaveSchema.safeParse({ name: 'x', type: TEMPLATE_TYPE.TEXT, body: '  ' }).error?.issues[0]?.message).toBe(
      MESSAGES.templateBodyRequired,
    );
    expect(templateSaveSchema.safeParse({ name: 'x', type: TEMPLATE_TYPE.WORD }).success).toBe(true);
    expect(templateSaveSchema.safeParse({ name: 'x', type: TEMPLATE_TYPE.WHATSAPP, body: 'a'.repeat(4097) }).success).toBe(false);
  });

  test('a Word template needs a Word document, sent now or already stored', () => {
    expect(templateDocumentProblem(TEMPLATE_TYPE.WORD, null, false)).toBe(MESSAGES.templateDocumentRequired);
    expect(templateDocumentProblem(TEMPLATE_TYPE.WORD, null, true)).toBeNull();
    expect(templateDocumentProblem(TEMPLATE_TYPE.WORD, { fileName: 'Offer.DOCX', size: 10 }, false)).toBeNull();
    expect(templateDocumentProblem(TEMPLATE_TYPE.WORD, { fileName: 'offer.pdf', size: 10 }, true)).toBe(MESSAGES.templateDocumentNotWord);
    expect(templateDocumentProblem(TEMPLATE_TYPE.HTML, { fileName: 'logo.png', size: 10 }, false)).toBeNull();
    expect(templateDocumentProblem(TEMPLATE_TYPE.HTML, { fileName: 'empty.docx', size: 0 }, false)).toBe(MESSAGES.templateDocumentEmpty);
  });
});
