import { sessionStore } from '@meridian/shared/session/session-store';
import { COMPANY, globalAdmin, resetSession, signInAs } from '../testing/admin-test-kit';
import { downloadTemplateDocument } from './template-document';

const TEMPLATE_ID = '50000000-0000-4000-8000-000000000002';
const DOCUMENT_PATH = `/api/templates/${TEMPLATE_ID}/document`;

interface Sent {
  path: string;
  headers: Record<string, string>;
}

const answer = (status: number, body: string, blob?: Blob) =>
  ({
    status,
    ok: status >= 200 && status < 300,
    headers: { get: () => null, has: () => false },
    text: async () => body,
    blob: async () => blob ?? new Blob([body]),
  }) as unknown as Response;

/** The browser's fetch, answering the document address (the shared client's own tests cover renewal and refusals). */
function installFetch(reply: (path: string, sent: Sent[]) => Response) {
  const sent: Sent[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    sent.push({ path, headers: (init?.headers as Record<string, string>) ?? {} });
    return reply(path, sent);
  }) as unknown as typeof fetch;
  return sent;
}

const WORD = new Blob(['PK word bytes'], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

beforeEach(() => signInAs(globalAdmin(), COMPANY));
afterEach(resetSession);

describe('template document download', () => {
  test('saves the file under the name it was uploaded with', async () => {
    const sent = installFetch(() => answer(200, '', WORD));
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:meridian/1';
    });
    URL.revokeObjectURL = jest.fn();
    const saved: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });

    await downloadTemplateDocument({ Id: TEMPLATE_ID, documentName: 'Loan agreement (2025).docx' });

    expect(created).toEqual([WORD]);
    expect(sent.map((call) => call.path)).toEqual([DOCUMENT_PATH]);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${sessionStore.getState().token}`);
    expect(saved).toEqual([{ href: 'blob:meridian/1', download: 'Loan agreement (2025).docx' }]);
    click.mockRestore();
  });
});
