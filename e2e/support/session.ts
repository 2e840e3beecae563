/** Signing in as a person would (through the form), and API calls a test makes on the side. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Password-1';
const roleSlug = (role: string) => role.replace(/\s+/g, '-');
export const demoEmail = (role: string) => `${roleSlug(role)}@demo.meridian.test`;
/**
 * The walk's own copy of a demo user (made by `walk-accounts.setup.ts`): the walk moves its walkers
 * between tenants, and the journeys running beside it sign in as the demo users themselves.
 */
export const walkerEmail = (role: string) => `${roleSlug(role)}.walker@demo.meridian.test`;
/** `who` is a demo role ("branch manager") or an e-mail address. */
const emailOf = (who: string) => (who.includes('@') ? who : demoEmail(who));

export async function signIn(page: Page, who: string, redirectFrom?: string) {
  await page.goto(redirectFrom ? `/login?redirectFrom=${encodeURIComponent(redirectFrom)}` : '/login');
  await page.getByLabel('Email').fill(emailOf(who));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function apiSession(request: APIRequestContext, who: string) {
  const response = await request.post('/api/auth/login', { data: { email: emailOf(who), password: DEMO_PASSWORD } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data as { token: string; user: { Id: string; tenantId: string; userName: string } };
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/**
 * API calls on the side as a demo user (setup and checks, never the user's own steps): the bearer
 * token and the user's home tenant (or `actingTenantId`) as the acting tenant; a call that fails fails the test with the
 * server's answer. `data` is the envelope's data.
 */
export async function apiAs(request: APIRequestContext, who: string, actingTenantId?: string) {
  const session = await apiSession(request, who);
  const headers = { authorization: `Bearer ${session.token}`, 'x-tenant-id': actingTenantId ?? session.user.tenantId };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown, params?: Record<string, string | number>) => {
    const response = await request.fetch(url, { method, headers, data, params });
    expect(response.ok(), `${method} ${url} answered ${response.status()}: ${await response.text()}`).toBeTruthy();
    return ((await response.json()) as { data: T }).data;
  };
  return {
    ...session,
    headers,
    get: <T>(url: string, params?: Record<string, string | number>) => call<T>('GET', url, undefined, params),
    post: <T>(url: string, data: unknown) => call<T>('POST', url, data),
    put: <T>(url: string, data: unknown) => call<T>('PUT', url, data),
    /** The raw answer (a file's bytes, say). */
    raw: (url: string) => request.get(url, { headers }),
  };
}
