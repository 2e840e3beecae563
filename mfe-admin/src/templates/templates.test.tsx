import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MERGE_FIELDS, type Template, type TemplateListItem } from '@meridian/shared/contract/template';
import { MESSAGES } from '@meridian/shared/messages';
import {
  dialog,
  fail,
  fakeFetch,
  globalAdmin,
  ok,
  renderAdminPage,
  resetSession,
  signInAs,
  typist,
  COMPANY,
  type FakeCall,
  type FakeReply,
} from '../testing/admin-test-kit';
import { openPicker, pickOption } from '../users/users-test-kit';
import TemplateFormPage from './template-form-page';
import TemplatesListPage from './templates-list-page';
import { TEMPLATE_TEXT } from './template-text';

jest.setTimeout(30_000);

const ADMIN = globalAdmin();
const TEMPLATE_ID = '50000000-0000-4000-8000-000000000001';
const WORD_ID = '50000000-0000-4000-8000-000000000002';

const listItem = (overrides: Partial<TemplateListItem> = {}): TemplateListItem => ({
  Id: TEMPLATE_ID,
  name: 'Welcome letter',
  type: 1,
  subject: 'Welcome to Meridian',
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  documentName: null,
  documentType: null,
  documentSize: null,
  createdByUserId: ADMIN.Id,
  createdBy: 'Test User',
  dateCreated: '2025-01-02T10:00:00.000Z',
  dateUpdated: '2025-02-03T11:00:00.000Z',
  ...overrides,
});
const wordTemplate = (): Template => ({
  ...listItem({
    Id: WORD_ID,
    name: 'Loan agreement',
    type: 2,
    subject: null,
    documentName: 'agreement.docx',
    documentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    documentSize: 24_576,
  }),
  body: '',
});

const pagedOk = (rows: unknown[]): FakeReply => {
  const reply = ok(rows);
  (reply.body as { meta: unknown }).meta = { paging: { pageNumber: 1, pageSize: 20, total: rows.length } };
  return reply;
};

/** The template calls; `also` answers first where a test needs something else. */
function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeFetch((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/templates/merge-fields') return ok(MERGE_FIELDS);
    if (call.method === 'GET' && call.path === `/api/templates/userId/${ADMIN.Id}`) return pagedOk([listItem(), wordTemplate()]);
    if (call.method === 'GET' && call.path === `/api/templates/${WORD_ID}`) return ok(wordTemplate());
    if (call.method === 'POST' && call.path === '/api/templates')
      return { ...ok({ ...listItem(), body: '' }, 'Template created.'), status: 201 };
    if (call.method === 'PUT' && call.path === `/api/templates/${WORD_ID}`) return ok(wordTemplate(), 'Template saved.');
    if (call.method === 'DELETE' && call.path === `/api/templates/${TEMPLATE_ID}`) return ok(null, 'Template deleted.');
    return fail(404, 'NOT_FOUND', 'Not found.');
  });
}

/** The add page, on a route that also covers the list it returns to, so the antd App stays mounted. */
const openAdd = () => renderAdminPage(<TemplateFormPage />, { path: '/admin/template/*', at: '/admin/template/add' });
const openEditWord = () =>
  renderAdminPage(<TemplateFormPage />, { path: '/admin/template/edit/:id', at: `/admin/template/edit/${WORD_ID}` });
const openList = () => renderAdminPage(<TemplatesListPage />, { path: '/admin/template/list', at: '/admin/template/list' });

async function paste(label: string, value: string) {
  const user = typist();
  await user.clear(screen.getByLabelText(label));
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function chooseType(name: string) {
  openPicker(TEMPLATE_TEXT.templateType);
  await waitFor(() => pickOption(name));
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');

beforeEach(() => signInAs(ADMIN));
afterEach(resetSession);

describe('template form', () => {
  test('shows the broken rule as the user types, before anything is sent', async () => {
    const { calls } = server();
    openAdd();
    const user = typist();

    await user.type(screen.getByLabelText(MESSAGES.name), 'W');
    await user.clear(screen.getByLabelText(MESSAGES.name));
    expect(await screen.findByText('A template name is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(TEMPLATE_TEXT.templateBodyHtml), '<p>');
    await user.clear(screen.getByLabelText(TEMPLATE_TEXT.templateBodyHtml));
    expect(await screen.findByText(MESSAGES.templateBodyRequired)).toBeInTheDocument();

    await chooseType('WhatsApp');
    await paste(TEMPLATE_TEXT.templateBodyWhatsApp, 'x'.repeat(4097));
    expect(await screen.findByText('A WhatsApp message has at most 4096 characters.')).toBeInTheDocument();

    expect(posts(calls)).toHaveLength(0);
  });

  test('a Word template asks for its document and is not sent without one', async () => {
    const { calls } = server();
    openAdd();
    await paste(MESSAGES.name, 'Loan agreement');

    await chooseType('Word');
    // The text editor gives way to the upload, which says at once what it needs.
    expect(await screen.findByText(MESSAGES.templateDocumentRequired)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: TEMPLATE_TEXT.templateBodyHtml })).not.toBeInTheDocument();

    await typist().click(screen.getByRole('button', { name: TEMPLATE_TEXT.createTemplate }));
    expect(await screen.findByText(MESSAGES.templateDocumentRequired)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    // A file that is not a Word document is refused in the browser too.
    fireEvent.change(fileInput(), { target: { files: [new File(['%PDF-1.7'], 'agreement.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(MESSAGES.templateDocumentNotWord)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  test('sends a Word template as a multipart form with its file in the field "document"', async () => {
    const { calls } = server();
    const view = openAdd();
    await paste(MESSAGES.name, 'Loan agreement');
    await chooseType('Word');
    const document = new File(['PK\u0003\u0004 word'], 'agreement.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await typist().upload(fileInput(), document);
    expect(await screen.findByText('agreement.docx')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MESSAGES.templateDocumentRequired)).not.toBeInTheDocument());

    await typist().click(screen.getByRole('button', { name: TEMPLATE_TEXT.createTemplate }));

    await waitFor(() => expect(view.location().pathname).toBe('/admin/template/list'));
    const [sent] = posts(calls);
    expect(sent).toMatchObject({ method: 'POST', path: '/api/templates' });
    const form = sent!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    // The browser sets the multipart boundary itself: the client must not claim JSON.
    expect(sent!.headers['content-type']).toBeUndefined();
    expect(form.get('name')).toBe('Loan agreement');
    expect(form.get('type')).toBe('2');
    const file = form.get('document') as File;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('agreement.docx');
    expect(file.size).toBe(document.size);
    expect(await screen.findByText(TEMPLATE_TEXT.templateCreated)).toBeInTheDocument();
  });

  test('the preview fills the merge fields in with their sample data, the HTML inside a sandboxed frame', async () => {
    server();
    openAdd();
    const body = () => screen.getByLabelText(TEMPLATE_TEXT.templateBodyHtml);
    await paste(TEMPLATE_TEXT.templateSubject, 'Hello {{lead.firstName}}');
    await paste(TEMPLATE_TEXT.templateBodyHtml, '<p>Dear </p>');

    // The caret sits after "Dear "; the chosen field goes there.
    const area = body() as HTMLTextAreaElement;
    area.setSelectionRange(8, 8);
    fireEvent.select(area);
    await typist().click(await screen.findByLabelText('Insert Client first name'));

    await waitFor(() => expect(body()).toHaveValue('<p>Dear {{client.firstName}}</p>'));
    const frame = screen.getByTitle(TEMPLATE_TEXT.templatePreview);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Dear Thandiwe</p>');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Hello Sipho');
    // The typed markup never becomes part of the page itself.
    expect(document.querySelector('p')?.textContent).not.toBe('Dear Thandiwe');

    await chooseType('Text');
    await paste(TEMPLATE_TEXT.templateBodyText, 'Hi {{client.firstName}} {{client.lastName}}, <b>{{client.unknown}}</b>');
    expect(await screen.findByTestId('preview-text')).toHaveTextContent('Hi Thandiwe Mokoena, <b>{{client.unknown}}</b>');
  });

  test('editing a Word template that has a document saves without a new one, as JSON, and offers the stored one for download', async () => {
    const { calls } = server();
    const edit = openEditWord();

    expect(await screen.findByLabelText('Download agreement.docx')).toBeInTheDocument();
    await paste(MESSAGES.name, 'Loan agreement 2025');
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));

    await waitFor(() => expect(edit.location().pathname).toBe('/admin/template/list'));
    const [sent] = posts(calls);
    expect(sent).toMatchObject({
      method: 'PUT',
      path: `/api/templates/${WORD_ID}`,
      body: { name: 'Loan agreement 2025', type: 2, subject: null, body: '' },
    });
  });

  test('a refusal puts the server messages on the fields and keeps what was typed', async () => {
    server((call) =>
      call.method === 'POST'
        ? fail(409, 'CONFLICT', 'A template with this name already exists in this tenant.', {
            fieldErrors: { name: ['A template with this name already exists in this tenant.'] },
          })
        : undefined,
    );
    openAdd();
    await paste(MESSAGES.name, 'Welcome letter');
    await paste(TEMPLATE_TEXT.templateBodyHtml, '<p>Hi</p>');
    await typist().click(screen.getByRole('button', { name: TEMPLATE_TEXT.createTemplate }));

    expect(await screen.findByText('A template with this name already exists in this tenant.')).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Welcome letter');
    expect(screen.getByLabelText(TEMPLATE_TEXT.templateBodyHtml)).toHaveValue('<p>Hi</p>');
  });
});

describe('templates list', () => {
  test("lists the templates of the signed-in user's address, with type and document", async () => {
    const { calls } = server();
    openList();

    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Welcome letter')).toBeInTheDocument();
    expect(within(table).getByText('HTML')).toBeInTheDocument();
    expect(within(table).getByText('Word')).toBeInTheDocument();
    expect(within(table).getByLabelText('Download agreement.docx')).toBeInTheDocument();
    expect(calls.some((c) => c.path === `/api/templates/userId/${ADMIN.Id}`)).toBe(true);
  });

  test('deleting asks first, and only then deletes', async () => {
    const { calls } = server();
    openList();
    await typist().click(await screen.findByLabelText('Delete Welcome letter'));

    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(dialog()).toHaveTextContent("Delete the template 'Welcome letter'?");
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await typist().click(within(dialog()!).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/templates/${TEMPLATE_ID}`]));
  });
});
