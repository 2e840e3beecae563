/**
 * Downloads a template's document (GET /api/templates/:id/document) and saves it under the name it
 * was uploaded with.
 *
 * The shared http client answers envelopes only: it reads every answer as JSON text, so it cannot
 * hand back a file. This sends the same headers it does (bearer token, x-tenant-id, x-ui-version,
 * no-cache) with fetch, and leaves an expired token to the client: after a 401 it makes one small
 * call through the client (which refreshes the session once, or signs the user out) and asks again.
 */
import { BUILD_INFO } from '@meridian/shared/build-info';
import { api } from '@meridian/shared/http/api';
import { ApiError, NetworkError, isAbortError } from '@meridian/shared/http/api-error';
import { requestTenantId, sessionStore } from '@meridian/shared/session/session-store';

export const templateDocumentPath = (templateId: string) => `/api/templates/${encodeURIComponent(templateId)}/document`;

function headers(): Record<string, string> {
  const state = sessionStore.getState();
  const tenantId = requestTenantId(state);
  return {
    accept: '*/*',
    'cache-control': 'no-cache',
    pragma: 'no-cache',
    'x-ui-version': BUILD_INFO.version,
    ...(tenantId ? { 'x-tenant-id': tenantId } : {}),
    ...(state.token ? { authorization: `Bearer ${state.token}` } : {}),
  };
}

async function send(templateId: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(templateDocumentPath(templateId), { method: 'GET', headers: headers(), ...(signal ? { signal } : {}) });
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
}

/** A failed answer as the client's typed error, with the envelope's message when there is one. */
async function failureOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let result: { code?: string; message?: string } | undefined;
  try {
    result = (JSON.parse(text) as { result?: { code?: string; message?: string } }).result;
  } catch {
    result = undefined;
  }
  return new ApiError({ status: response.status, ...(result?.code ? { code: result.code } : {}), ...(result?.message ? { message: result.message } : {}) });
}

export async function fetchTemplateDocument(templateId: string, signal?: AbortSignal): Promise<Blob> {
  let response = await send(templateId, signal);
  if (response.status === 401) {
    // The client refreshes an expired token once (or ends the session and throws).
    await api.get(`/api/templates/${encodeURIComponent(templateId)}`, signal ? { signal } : {});
    response = await send(templateId, signal);
  }
  if (!response.ok) throw await failureOf(response);
  return response.blob();
}

/** Hands a downloaded file to the browser to save, under `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export async function downloadTemplateDocument(template: { Id: string; documentName: string | null }) {
  const blob = await fetchTemplateDocument(template.Id);
  saveBlob(blob, template.documentName ?? 'document');
}
