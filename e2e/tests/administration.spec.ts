/**
 * Administration as a global administrator does it in the browser, against the real server and
 * database: a tenant, a role and a user made through the forms, the user's menu, deleting and
 * restoring the user, a Word template's document, an API key and the network allow-list.
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { mainMenu, signIn } from '../support/session';
import { deleteUsersQuestion, restoreUsersQuestion, USER_TEXT } from '../../mfe-admin/src/users/user-text';
import { ROLE_TEXT } from '../../mfe-admin/src/roles/role-text';
import { TENANT_TEXT } from '../../mfe-admin/src/tenants/tenant-text';
import { downloadDocumentLabel, TEMPLATE_TEXT } from '../../mfe-admin/src/templates/template-text';
import { API_USER_TEXT, revokeApiUserQuestion } from '../../mfe-admin/src/api-users/api-user-text';
import { LOCATION_TEXT } from '../../mfe-admin/src/locations/location-text';
import { IP_ADDRESS_TEXT, removeIpAddressQuestion } from '../../mfe-admin/src/ip-addresses/ip-address-text';

/** Letters only, so the run's suffix also fits name fields that refuse digits. */
const RUN = Date.now()
  .toString(26)
  .slice(-6)
  .split('')
  .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
  .join('');
const Run = RUN[0]!.toUpperCase() + RUN.slice(1);

const PARENT_COMPANY = 'Meridian Tracking';
const TENANT = `Pretoria ${Run} Branch`;
const ROLE = `Location keeper ${Run}`;
const NEW_USER = {
  firstName: 'Nomsa',
  lastName: `Khoza-${Run}`,
  userName: `nomsa.${RUN}`,
  email: `nomsa.${RUN}@example.test`,
  password: `Pretoria-${Run}-7`,
};
const NEW_USER_NAME = `${NEW_USER.firstName} ${NEW_USER.lastName}`;

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A second person at another browser: a context of its own, closed afterwards. */
async function inAnotherBrowser<T>(browser: Browser, baseURL: string | undefined, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** An entry of the main menu by its label (its accessible name also holds its icon's). */
const menuEntry = (page: Page, label: string) =>
  mainMenu(page)
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^${label}$`) });

/** Opens Administration in the main menu (if it is closed) and follows one of its entries. */
async function openAdministration(page: Page, entry: string) {
  const group = menuEntry(page, 'Administration');
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await menuEntry(page, entry).click();
}

/** Every label of the main menu, top to bottom, with every group opened. */
async function everyMenuLabel(page: Page) {
  const menu = mainMenu(page);
  const closed = menu.locator('[role="menuitem"][aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

/** A tick in a permission tree: the row's accessible name ends with the hierarchy it stands for. */
const permissionBox = (page: Page, hierarchy: string) =>
  page.getByRole('checkbox', { name: new RegExp(`(^|[^/])${hierarchy.replace(/\//g, '\\/')}$`) });

/**
 * A form's text field by its label. Asked for by role: while a list gives way to its form, the list's
 * column headers carry the same names.
 */
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Types into a searchable select and clicks the choice it narrows to (once the choices have loaded). */
async function choose(page: Page, field: string, typed: string, choice: string) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByTitle(choice, { exact: true }).click();
}

const confirmDialog = (page: Page, question: string) => page.getByRole('dialog').filter({ hasText: question });

test.describe.serial('a tenant, a role and a user made by the global administrator', () => {
  test('a global administrator adds a branch under a company from the tenant tree, with typed coordinates', async ({ page }) => {
    await signIn(page, 'global administrator');
    await expect(page).toHaveURL(/\/$/);
    await openAdministration(page, 'Tenants');
    await expect(page).toHaveURL(/\/admin\/tenants\/list$/);

    await page.getByRole('link', { name: userActionLabel(TENANT_TEXT.addSubTenant, PARENT_COMPANY) }).click();
    await expect(page).toHaveURL(/\/admin\/tenants\/create\?parentId=/);
    // The parent is taken from the row, and the type is the level below it.
    await expect(page.getByText(`${PARENT_COMPANY} (Company)`)).toBeVisible();
    await expect(page.getByText('Branch', { exact: true })).toBeVisible();
    await textbox(page, MESSAGES.name).fill(TENANT);
    await textbox(page, TENANT_TEXT.shortCode).fill(`MT-PTA-${RUN.toUpperCase()}`);
    await textbox(page, MESSAGES.location).fill('Hatfield, Pretoria');
    // The map's tiles may not load on a closed network; the coordinates are typed instead.
    await page.getByRole('spinbutton', { name: MESSAGES.latitude }).fill('-25.7479');
    await page.getByRole('spinbutton', { name: MESSAGES.longitude }).fill('28.2293');
    await page.getByRole('button', { name: MESSAGES.save }).click();

    await expect(page).toHaveURL(/\/admin\/tenants\/list$/);
    await expect(page.getByText(TENANT_TEXT.tenantCreated)).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: TENANT, exact: true }) });
    await expect(row).toContainText('Branch');
    await expect(row).toContainText(`MT-PTA-${RUN.toUpperCase()}`);
    await expect(row).toContainText('Hatfield, Pretoria');

    await row.getByRole('link', { name: TENANT, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/tenants\/edit\//);
    await expect(textbox(page, MESSAGES.name)).toHaveValue(TENANT);
    await expect(page.getByText(`${PARENT_COMPANY} (Company)`)).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: MESSAGES.latitude })).toHaveValue('-25.7479');
    await expect(page.getByRole('spinbutton', { name: MESSAGES.longitude })).toHaveValue('28.2293');
  });

  test('a global administrator makes a role from ticked permissions: locations and leads only', async ({ page }) => {
    await signIn(page, 'global administrator');
    await expect(page).toHaveURL(/\/$/);
    await openAdministration(page, 'Roles');
    await page.getByRole('link', { name: ROLE_TEXT.newRole }).click();
    await expect(page).toHaveURL(/\/admin\/roles\/add$/);

    await textbox(page, MESSAGES.name).fill(ROLE);
    await textbox(page, MESSAGES.description).fill('Keeps the locations and works the leads');
    await permissionBox(page, 'ADMIN/LOCATIONS').click();
    await permissionBox(page, 'SALES/LEADS').click();
    await expect(permissionBox(page, 'ADMIN/LOCATIONS')).toBeChecked();
    await expect(permissionBox(page, 'SALES/LEADS')).toBeChecked();
    // Ticking a permission ticks what lies under it (its actions), never what lies above it.
    await expect(permissionBox(page, 'ADMIN')).not.toBeChecked();
    await expect(permissionBox(page, 'SALES')).not.toBeChecked();
    await expect(permissionBox(page, 'SALES/LEADS/CREATE')).toBeChecked();
    await page.getByRole('button', { name: MESSAGES.save }).click();

    await expect(page).toHaveURL(/\/admin\/roles\/list$/);
    await expect(page.getByText(ROLE_TEXT.roleCreated)).toBeVisible();
    await page.getByLabel(ROLE_TEXT.searchRoles).fill(ROLE);
    await expect(page.getByRole('row').filter({ hasText: ROLE })).toHaveCount(1);
  });

  test('a user given that role in that branch signs in and sees exactly the menu the role allows', async ({ page, browser, baseURL }) => {
    test.slow(true, 'two people sign in, each in a browser of their own with nothing cached');
    await signIn(page, 'global administrator');
    await expect(page).toHaveURL(/\/$/);
    await openAdministration(page, 'Users');
    await page.getByRole('link', { name: USER_TEXT.addUser }).click();
    await expect(page).toHaveURL(/\/admin\/users\/add$/);

    await textbox(page, MESSAGES.firstName).fill(NEW_USER.firstName);
    await textbox(page, MESSAGES.lastName).fill(NEW_USER.lastName);
    await textbox(page, MESSAGES.userName).fill(NEW_USER.userName);
    await textbox(page, MESSAGES.emailAddress).fill(NEW_USER.email);
    await page.getByLabel(USER_TEXT.userPasswordOptional).fill(NEW_USER.password);
    await choose(page, MESSAGES.roles, ROLE, ROLE);
    await choose(page, MESSAGES.tenants, TENANT, `Meridian Group / ${PARENT_COMPANY} / ${TENANT}`);
    await page.getByRole('button', { name: USER_TEXT.createUser }).click();

    // Watched together: the toast shows for 3 s from the moment the list opens, however slow the machine.
    await Promise.all([expect(page).toHaveURL(/\/admin\/users\/list$/), expect(page.getByText(USER_TEXT.userCreated)).toBeVisible()]);
    await page.getByLabel(USER_TEXT.searchUsers).fill(NEW_USER.userName);
    const row = page.getByRole('row').filter({ hasText: NEW_USER.userName });
    await expect(row).toContainText(ROLE);
    await expect(row).toContainText(TENANT);

    await inAnotherBrowser(browser, baseURL, async (userPage) => {
      await signInWith(userPage, NEW_USER.email, NEW_USER.password);
      await expect(userPage).toHaveURL(/\/$/);
      await expect(menuEntry(userPage, 'Administration')).toBeVisible();
      await expect(menuEntry(userPage, 'Sales')).toBeVisible();
      await expect.poll(() => everyMenuLabel(userPage)).toEqual(['Dashboard', 'Sales', 'Leads', 'Administration', 'Locations']);

      await menuEntry(userPage, 'Locations').click();
      await expect(userPage).toHaveURL(/\/admin\/locations$/);
      await expect(userPage.getByRole('heading', { name: LOCATION_TEXT.locations })).toBeVisible();
      // What the menu leaves out is refused when typed as an address too.
      await userPage.goto('/admin/users/list');
      await expect(userPage).toHaveURL(/\/not-authorized\?redirectFrom=%2Fadmin%2Fusers%2Flist$/);
    });
  });

  test('a deleted user is listed as deleted and cannot sign in; restored, they are back on the list and sign in again', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(true, 'three sign-ins in fresh browsers, and three trips through the users list');
    await signIn(page, 'global administrator');
    await expect(page).toHaveURL(/\/$/);
    await openAdministration(page, 'Users');
    await page.getByLabel(USER_TEXT.searchUsers).fill(NEW_USER.userName);
    const row = page.getByRole('row').filter({ hasText: NEW_USER.userName });
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: userActionLabel(MESSAGES.deleteAction, NEW_USER_NAME) }).click();
    const deleteQuestion = confirmDialog(page, deleteUsersQuestion(1, NEW_USER_NAME));
    await expect(deleteQuestion).toContainText(USER_TEXT.confirmDeleteUsersDetail);
    await deleteQuestion.getByRole('button', { name: MESSAGES.deleteAction }).click();
    await expect(page.getByText('The user has been deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);

    await inAnotherBrowser(browser, baseURL, async (userPage) => {
      await signInWith(userPage, NEW_USER.email, NEW_USER.password);
      await expect(userPage.getByText(MESSAGES.loginFailed)).toBeVisible();
      await expect(userPage).toHaveURL(/\/login/);
    });

    await openAdministration(page, 'Deleted users');
    await expect(page).toHaveURL(/\/admin\/users\/list-deleted/);
    // The users list and this one share their search box's label: wait for this page to be drawn.
    await expect(page.getByRole('columnheader', { name: USER_TEXT.deletedOn })).toBeVisible();
    await page.getByLabel(USER_TEXT.searchUsers).fill(NEW_USER.userName);
    const deletedRow = page.getByRole('row').filter({ hasText: NEW_USER.userName });
    await expect(deletedRow).toContainText(TENANT);
    await deletedRow.getByRole('button', { name: userActionLabel(USER_TEXT.restoreAction, NEW_USER_NAME) }).click();
    await confirmDialog(page, restoreUsersQuestion(1, NEW_USER_NAME)).getByRole('button', { name: USER_TEXT.restoreAction }).click();
    await expect(page.getByText('The user has been restored.')).toBeVisible();
    await expect(deletedRow).toHaveCount(0);

    await openAdministration(page, 'Users');
    await expect(page).toHaveURL(/\/admin\/users\/list$/);
    await expect(page.getByRole('link', { name: USER_TEXT.addUser })).toBeVisible();
    await page.getByLabel(USER_TEXT.searchUsers).fill(NEW_USER.userName);
    await expect(page.getByRole('row').filter({ hasText: NEW_USER.userName })).toHaveCount(1);

    await inAnotherBrowser(browser, baseURL, async (userPage) => {
      await signInWith(userPage, NEW_USER.email, NEW_USER.password);
      await expect(userPage).toHaveURL(/\/$/);
      await expect(menuEntry(userPage, 'Administration')).toBeVisible();
    });
  });

  test("an allow-list entry on the user's tenant refuses their sign-in from another network, with a clear message, until it is removed", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(true, 'three sign-ins, two of them in fresh browsers');
    await signIn(page, 'global administrator');
    await expect(page).toHaveURL(/\/$/);
    // The entry belongs to the tenant the administrator acts for: the new branch.
    await page.getByRole('combobox', { name: MESSAGES.selectTenant }).click();
    await page.getByRole('combobox', { name: MESSAGES.selectTenant }).fill(TENANT);
    // The filtered tree re-renders as the search settles; a click that lands on the outgoing row is tried again.
    const branch = page.getByRole('treeitem', { name: new RegExp(`${TENANT}$`) });
    const reset = page.getByRole('button', { name: MESSAGES.resetTenant });
    await expect(async () => {
      if (!(await reset.isVisible())) await branch.click({ timeout: 2_000 });
      await expect(reset).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    try {
      await openAdministration(page, 'IP addresses');
      await page.getByRole('link', { name: IP_ADDRESS_TEXT.newIpAddress }).click();
      await expect(page).toHaveURL(/\/admin\/ip-addresses\/create$/);
      await textbox(page, IP_ADDRESS_TEXT.ipAddressOrRange).fill('10.1.2.3/8');
      await expect(page.getByText('Saved as 10.0.0.0/8')).toBeVisible();
      await textbox(page, MESSAGES.description).fill('Head office VPN only');
      await page.getByRole('button', { name: IP_ADDRESS_TEXT.addIpAddress }).click();
      await expect(page).toHaveURL(/\/admin\/ip-addresses\/list$/);
      await expect(page.getByText(IP_ADDRESS_TEXT.ipAddressAdded)).toBeVisible();
      const entry = page.getByRole('row').filter({ hasText: '10.0.0.0/8' });
      await expect(entry).toContainText(TENANT);

      // The test browser signs in from 127.0.0.1, outside 10.0.0.0/8.
      await inAnotherBrowser(browser, baseURL, async (userPage) => {
        const answer = userPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
        await signInWith(userPage, NEW_USER.email, NEW_USER.password);
        const refusal = await answer;
        expect(refusal.status()).toBe(403);
        expect((await refusal.json()).result.code).toBe('IP_NOT_ALLOWED');
        await expect(userPage.getByText(MESSAGES.ipNotAllowed)).toBeVisible();
        await expect(userPage).toHaveURL(/\/login/);
        await expect(userPage.getByLabel('Email')).toHaveValue(NEW_USER.email);
      });

      await entry.getByRole('button', { name: userActionLabel(MESSAGES.removeAction, '10.0.0.0/8') }).click();
      await confirmDialog(page, removeIpAddressQuestion('10.0.0.0/8')).getByRole('button', { name: MESSAGES.removeAction }).click();
      await expect(page.getByText(IP_ADDRESS_TEXT.ipAddressRemoved)).toBeVisible();
      await expect(entry).toHaveCount(0);

      await inAnotherBrowser(browser, baseURL, async (userPage) => {
        await signInWith(userPage, NEW_USER.email, NEW_USER.password);
        await expect(userPage).toHaveURL(/\/$/);
      });
    } finally {
      // The choice of tenant is saved on the administrator: leave them acting for their own again.
      await page.getByRole('button', { name: MESSAGES.resetTenant }).click();
      await expect(page.getByRole('button', { name: MESSAGES.resetTenant })).toHaveCount(0);
    }
  });
});

test("a Word template's document downloads from the list byte for byte as it was uploaded", async ({ page }) => {
  const fileName = `offer-letter-${RUN}.docx`;
  // A zip's signature, then bytes of every value, so any text decoding on the way would show.
  const uploaded = Buffer.concat([
    Buffer.from('PK\u0003\u0004', 'latin1'),
    randomBytes(4096),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  ]);

  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  await openAdministration(page, 'Templates');
  await page.getByRole('link', { name: TEMPLATE_TEXT.newTemplate }).click();
  await expect(page).toHaveURL(/\/admin\/template\/add$/);

  await textbox(page, MESSAGES.name).fill(`Offer letter ${Run}`);
  await page.getByRole('combobox', { name: TEMPLATE_TEXT.templateType, exact: true }).fill('Word');
  await page.getByRole('combobox', { name: TEMPLATE_TEXT.templateType, exact: true }).press('Enter');
  await textbox(page, TEMPLATE_TEXT.templateSubject).fill('Your loan offer');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: TEMPLATE_TEXT.chooseDocument }).click();
  await (
    await chooser
  ).setFiles({ name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: uploaded });
  await expect(page.getByText(fileName)).toBeVisible();
  await page.getByRole('button', { name: TEMPLATE_TEXT.createTemplate }).click();

  await expect(page).toHaveURL(/\/admin\/template\/list$/);
  await expect(page.getByText(TEMPLATE_TEXT.templateCreated)).toBeVisible();
  await page.getByLabel(TEMPLATE_TEXT.searchTemplates).fill(`Offer letter ${Run}`);
  const row = page.getByRole('row').filter({ hasText: `Offer letter ${Run}` });
  await expect(row).toContainText('Word');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: downloadDocumentLabel(fileName) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  const downloaded = await readFile(await file.path());
  expect(downloaded.length).toBe(uploaded.length);
  expect(downloaded.equals(uploaded)).toBe(true);
});

test('an API key shown once works for the permission it was given, and is refused once revoked', async ({ page, request }) => {
  const name = `Branch reporting ${Run}`;
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  await openAdministration(page, 'API users');
  await page.getByRole('link', { name: API_USER_TEXT.newApiUser }).click();
  await expect(page).toHaveURL(/\/admin\/api-users\/add$/);

  await textbox(page, MESSAGES.name).fill(name);
  await permissionBox(page, 'ADMIN/LOCATIONS').click();
  await expect(permissionBox(page, 'ADMIN/LOCATIONS')).toBeChecked();
  await page.getByRole('button', { name: API_USER_TEXT.createApiUser }).click();

  const shown = page.getByRole('dialog').filter({ hasText: API_USER_TEXT.apiKeyShownOnce });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('ADMIN/LOCATIONS');
  const key = (await shown.getByTestId('api-key').innerText()).trim();
  expect(key).toMatch(/^mk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: API_USER_TEXT.apiKeyCopiedDone }).click();
  await expect(shown).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/api-users\/list$/);

  const asKey = { headers: { authorization: `Bearer ${key}` } };
  const allowed = await request.get('/api/locations?size=1', asKey);
  expect(allowed.status()).toBe(200);
  // Exactly the permission it was given: the users list needs another one.
  expect((await request.get('/api/users?size=1', asKey)).status()).toBe(403);

  await page.getByLabel(API_USER_TEXT.searchApiUsers).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`mk_${key.slice(3, 11)}_`);
  await expect(row).toContainText(API_USER_TEXT.apiUserActive);
  await row.getByRole('button', { name: userActionLabel(API_USER_TEXT.revokeAction, name) }).click();
  const question = confirmDialog(page, revokeApiUserQuestion(name));
  await expect(question).toContainText(API_USER_TEXT.apiUserRevokeDetail);
  await question.getByRole('button', { name: API_USER_TEXT.revokeAction }).click();
  await expect(page.getByText(API_USER_TEXT.apiUserRevokedDone)).toBeVisible();
  await expect(row).toContainText(API_USER_TEXT.apiUserRevoked);

  const refused = await request.get('/api/locations?size=1', asKey);
  expect(refused.status()).toBe(401);
});
