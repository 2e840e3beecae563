import { act } from '@testing-library/react';
import type { AuthSession } from '@meridian/shared/contract/auth';
import { ApiError } from '@meridian/shared/http/api-error';
import { sessionStore } from '@meridian/shared/session/session-store';
import { fakeSession } from '@meridian/shared/testing/session-fixtures';
import { COMPANY, globalAdmin, resetSession, signInAs } from '../testing/admin-test-kit';
import { downloadTemplateDocument, fetchTemplateDocument } from './template-document';

const TEMPLATE_ID = '50000000-0000-4000-8000-000000000002';
const DOCUMENT_PATH = `/api/templates/${TEMPLATE_ID}/document`;

interface Sent { path: string; headers: Record<string, string> }

const envelope = (data: unknown, success = true, message = 'OK', code?: string) => JSON.stringify({ result: { success, message, ...(code ? { code } : {}) }, data, meta: {} });
const answer = (status: number, body: string, blob?: Blob) =>
  ({
    status,
    ok: status >= 200 && status < 300,
    headers: { get: () => null, has: () => false },
    text: async () => body,
    blob: async () => blob ?? new Blob([body]),
  }) as unknown as Response;

/** A fetch for the document address and the few client calls a renewal makes. */
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
  test('asks with the bearer token and the acting tenant, as the shared client does', async () => {
    const sent = installFetch(() => answer(200, '', WORD));
    const blob = await fetchTemplateDocument(TEMPLATE_ID);

    expect(blob).toBe(WORD);
    expect(sent[0]!.path).toBe(DOCUMENT_PATH);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${sessionStore.getState().token}`);
    expect(sent[0]!.headers['x-tenant-id']).toBe(COMPANY);
    expect(sent[0]!.headers['x-ui-version']).toBeTruthy();
  });

  test('an expired token is renewed once through the shared client, then the document is asked for again', async () => {
    const renewed: AuthSession = fakeSession(globalAdmin(), { refreshToken: 'refresh-token-0002', sessionId: 'session-2' });
    const oldToken = sessionStore.getState().token;
    const sent = installFetch((path, calls) => {
      const bearer = calls[calls.length - 1]!.headers.authorization;
      if (path.startsWith('/api/auth/refresh/')) return answer(200, envelope(renewed));
      const current = bearer === `Bearer ${renewed.token}` && renewed.token !== oldToken;
      if (path === DOCUMENT_PATH) return current ? answer(200, '', WORD) : answer(401, envelope(null, false, 'Expired.', 'TOKEN_EXPIRED'));
      return current ? answer(200, envelope({ Id: TEMPLATE_ID })) : answer(401, envelope(null, false, 'Expired.', 'TOKEN_EXPIRED'));
    });
    // Tokens of the same claims are equal: make the renewed one differ.
    renewed.token = `${renewed.token}x`;

    const blob = await act(() => fetchTemplateDocument(TEMPLATE_ID));

    expect(blob).toBe(WORD);
    expect(sent.map((s) => s.path)).toEqual([DOCUMENT_PATH, `/api/templates/${TEMPLATE_ID}`, '/api/auth/refresh/refresh-token-0001', `/api/templates/${TEMPLATE_ID}`, DOCUMENT_PATH]);
    expect(sessionStore.getState().token).toBe(renewed.token);
  });

  test('a missing document is the server message as a typed error', async () => {
    installFetch(() => answer(404, envelope(null, false, 'The document of this template was not found.', 'NOT_FOUND')));
    await expect(fetchTemplateDocument(TEMPLATE_ID)).rejects.toEqual(expect.any(ApiError));
    await expect(fetchTemplateDocument(TEMPLATE_ID)).rejects.toThrow('The document of this template was not found.');
  });

  test('saves the file under the name it was uploaded with', async () => {
    installFetch(() => answer(200, '', WORD));
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
    expect(saved).toEqual([{ href: 'blob:meridian/1', download: 'Loan agreement (2025).docx' }]);
    click.mockRestore();
  });
});
