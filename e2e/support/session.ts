/** Signing in as a person would (through the form), and API calls a test makes on the side. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Password-1';
export const demoEmail = (role: string) => `${role.replace(/\s+/g, '-')}@demo.meridian.test`;

export async function signIn(page: Page, role: string, redirectFrom?: string) {
  await page.goto(redirectFrom ? `/login?redirectFrom=${encodeURIComponent(redirectFrom)}` : '/login');
  await page.getByLabel('Email').fill(demoEmail(role));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function apiSession(request: APIRequestContext, role: string) {
  const response = await request.post('/api/auth/login', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data as { token: string; user: { Id: string; tenantId: string; userName: string } };
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
