/**
 * A loan officer loses the connection in the field and keeps working, in Chromium against the real
 * server: the service worker opens the product again without a connection (the page is reloaded
 * offline), My Work shows the day the device kept, a status change, starting or stopping the day and
 * a new lead are saved on the device (IndexedDB) with a second lead of the same number refused as the
 * server would; every screen that cannot load says it is offline and what still works (never that the
 * server failed), and clears itself once the connection is back; then the sync sends what was kept,
 * and the server holds the status change and the day's action at the position and time they were
 * made and the lead with the Id the device gave it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Activity, ActivityAssignment, ActivityStatus, ActivityType } from '@meridian/shared/contract/activity';
import type { Lead, LeadListItem } from '@meridian/shared/contract/lead';
import type { LatestAgentAction } from '@meridian/shared/contract/field-agent';
import { changesWaitingMessage, MESSAGES, offlineNoticeMessage } from '@meridian/shared/messages';
import { ACTIVITY_TEXT, statusOfLabel } from '../../mfe-sales/src/activities/activity-text';
import { CLIENT_TEXT } from '../../mfe-sales/src/clients/client-text';
import { LEAD_TEXT } from '../../mfe-sales/src/leads/lead-text';
import { choose } from '../support/antd';
import { apiAs, signIn } from '../support/session';

const TIME_ZONE = 'Africa/Johannesburg';
/** Letters only, so the run's suffix also fits name fields that refuse digits. */
const RUN = Date.now()
  .toString(26)
  .slice(-6)
  .split('')
  .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
  .join('');
const Run = RUN[0]!.toUpperCase() + RUN.slice(1);
const AT_THE_STALL = { latitude: -26.2612, longitude: 27.8745, accuracy: 7 };

test.use({ timezoneId: TIME_ZONE, permissions: ['geolocation'], geolocation: AT_THE_STALL, serviceWorkers: 'allow' });

/** What the device kept of the user's day, read from IndexedDB as the product wrote it. */
const keptDayIds = (page: Page, userId: string) =>
  page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    if (!db.objectStoreNames.contains('kept')) return [];
    const day = await new Promise<{ items: { Id: string }[] } | undefined>((resolve, reject) => {
      const reading = db.transaction('kept').objectStore('kept').get('my-work-day');
      reading.onsuccess = () => resolve(reading.result);
      reading.onerror = () => reject(reading.error);
    });
    db.close();
    return day?.items.map((a) => a.Id) ?? [];
  }, `prod_meridian_field_${userId}`);

test('a loan officer offline: the product opens without a connection, each screen says it is offline and what still works, the day, a status change and a new lead wait on the device, and all reach the server and the notices clear once back online', async ({
  page,
  context,
  request,
}) => {
  test.slow(true, 'the service worker keeps the built product; the page is reloaded offline');
  const leader = await apiAs(request, 'team leader');
  const officer = await apiAs(request, 'loan officer');
  const types = await leader.get<ActivityType[]>('/api/activities/types');
  const statuses = await leader.get<ActivityStatus[]>('/api/activities/statuses');
  const name = `Market stall visit ${Run}`;
  const visit = await leader.post<Activity>('/api/activities', {
    name,
    activityTypeId: types.find((t) => t.name === 'Visit')!.Id,
    startDate: new Date().toISOString(),
    location: 'Bara taxi rank, Soweto',
    assignedUserIds: [officer.user.Id],
  });

  await signIn(page, 'loan officer');
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  const card = page.getByRole('list', { name: ACTIVITY_TEXT.activitiesToday }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  // The service worker has kept the product, and the field sync the day.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => keptDayIds(page, officer.user.Id), { timeout: 30_000 }).toContain(visit.Id);

  const latestDay = async () => (await officer.get<LatestAgentAction>('/api/agent/action/latest')).agentAction[0] ?? null;
  const dayWasRunning = (await latestDay())?.action === 1;

  // The calendar, whose call gets no answer (the browser has not noticed yet: any navigation offline
  // goes to the offline page), says it is offline instead of "Something went wrong", and loads again
  // by itself when the connection returns.
  await page.goto('/sales/activities/calendar');
  await expect(page.getByRole('button', { name: ACTIVITY_TEXT.next })).toBeVisible();
  const calendarCalls = /\/api\/activities\/calendar\?/;
  await page.route(calendarCalls, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: ACTIVITY_TEXT.next }).click();
  const calendarOffline = page.getByText(offlineNoticeMessage(ACTIVITY_TEXT.offlineStillWorks));
  await expect(calendarOffline).toBeVisible();
  await expect(page.getByText(MESSAGES.serverError)).toHaveCount(0);
  await page.unroute(calendarCalls);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(calendarOffline).toHaveCount(0);

  await context.setOffline(true);
  await page.goto('/agents/landingpage');
  await expect(page.getByText(/^You are offline\. This is your day as it was at/)).toBeVisible();
  await expect(card).toHaveCount(1);
  // Whether the day runs is the device's last known state, said to be so.
  await expect(page.getByText(dayWasRunning ? ACTIVITY_TEXT.dayRunning : ACTIVITY_TEXT.dayNotStarted, { exact: false })).toContainText(
    MESSAGES.keptOnDevice,
  );
  await expect(page.getByText(ACTIVITY_TEXT.dayStateFailed)).toHaveCount(0);

  const changedAt = Date.now();
  await choose(page, card.getByRole('combobox', { name: statusOfLabel(name) }), 'In progress');
  await expect(page.getByText(MESSAGES.savedOnDevice)).toBeVisible();
  await expect(page.getByText(changesWaitingMessage(1))).toBeVisible();
  await expect(card.locator('.ant-select-content')).toHaveText('In progress');

  // Starting (or stopping) the day offline is kept, not refused.
  const dayToggledAt = Date.now();
  if (dayWasRunning) {
    await page.getByRole('button', { name: ACTIVITY_TEXT.stopDay }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: ACTIVITY_TEXT.stopDay }).click();
  } else {
    await page.getByRole('button', { name: ACTIVITY_TEXT.startDay }).click();
  }
  await expect(
    page.getByText(`${dayWasRunning ? ACTIVITY_TEXT.dayStopped : ACTIVITY_TEXT.dayStarted} ${MESSAGES.savedOnDevice}`),
  ).toBeVisible();
  await expect(page.getByText(dayWasRunning ? ACTIVITY_TEXT.dayNotStarted : ACTIVITY_TEXT.dayRunning, { exact: false })).toContainText(
    MESSAGES.keptOnDevice,
  );
  await expect(page.getByText(changesWaitingMessage(2))).toBeVisible();

  // The activity opens offline with what the device kept of it.
  await card.getByRole('link', { name }).click();
  await expect(page.getByText(offlineNoticeMessage(ACTIVITY_TEXT.offlineStillWorks))).toBeVisible();
  await expect(page.getByText(`${ACTIVITY_TEXT.keptActivity} ${MESSAGES.keptOnDevice}`)).toBeVisible();
  await expect(page.getByText(MESSAGES.serverError)).toHaveCount(0);

  // Clients are not kept on the device: the list says so, and what works instead.
  await page.goto('/clients/list');
  await expect(page.getByText(offlineNoticeMessage(CLIENT_TEXT.offlineStillWorks))).toBeVisible();
  await expect(page.getByText(MESSAGES.serverError)).toHaveCount(0);

  // A page that needs the connection promises no menu it lacks, and offers the start page.
  await page.goto('/sales/activities/calendar');
  await expect(page.getByText(MESSAGES.offlinePage)).toBeVisible();
  await expect(page.getByText(/from the menu/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: MESSAGES.goToStartPage })).toHaveAttribute('href', '/agents/landingpage');

  // A new lead, taken at the stall: the form opens offline, the lead is kept on the device.
  await page.goto('/sales/leads/create');
  await expect(page.getByRole('heading', { name: LEAD_TEXT.newLead })).toBeVisible();
  const contactNumber = `07${String(Date.now()).slice(-8)}`;
  const typeLead = async (firstName: string) => {
    await page.getByLabel(MESSAGES.firstName).fill(firstName);
    await page.getByLabel(MESSAGES.lastName).fill(`Stall${RUN}`);
    await page.getByLabel('Contact number').fill(contactNumber);
    await page.getByRole('button', { name: LEAD_TEXT.createLead }).click();
  };
  await typeLead('Palesa');
  await expect(page.getByText(MESSAGES.leadInsertedOffline)).toBeVisible();
  // The user lands on the leads list, which shows the kept lead waiting to send.
  await expect(page).toHaveURL(/\/sales\/leads$/);
  const onDevice = page.getByRole('region', { name: LEAD_TEXT.leadsOnDevice });
  await expect(onDevice.getByRole('listitem').filter({ hasText: `Palesa Stall${RUN}` })).toContainText(MESSAGES.waitingToSend);
  await expect(page.getByText(offlineNoticeMessage(LEAD_TEXT.offlineStillWorks))).toBeVisible();
  await page.goto('/sales/leads/create');
  await typeLead('Again');
  await expect(page.getByText(MESSAGES.leadExists)).toBeVisible();
  await expect(page.getByText(MESSAGES.leadDuplicateDetail)).toBeVisible();

  // Nothing has reached the server yet.
  const history = async () =>
    (await officer.get<ActivityAssignment>(`/api/activities/get-activity-assignment/${visit.Id}/${officer.user.Id}`)).history;
  expect(await history()).toEqual([]);
  const leadsOfTheRun = async () =>
    (await officer.get<LeadListItem[]>('/api/leads', { search: `Stall${RUN}`, size: 10 })).filter((l) => l.lastName === `Stall${RUN}`);
  expect(await leadsOfTheRun()).toEqual([]);

  // Back online, the device sends what it kept, and the leads list clears its offline notice by itself.
  await page.goto('/sales/leads');
  await expect(page.getByText(offlineNoticeMessage(LEAD_TEXT.offlineStillWorks))).toBeVisible();
  const reconnectedAt = Date.now();
  await context.setOffline(false);
  await expect(page.getByText(offlineNoticeMessage(LEAD_TEXT.offlineStillWorks))).toHaveCount(0, { timeout: 30_000 });
  await expect(onDevice).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await history()).length, { timeout: 30_000 }).toBe(1);
  const [change] = await history();
  expect(change).toMatchObject({
    statusId: statuses.find((s) => s.name === 'In progress')!.Id,
    statusText: 'In progress',
    changedByUserId: officer.user.Id,
    ...AT_THE_STALL,
  });
  // Recorded when it was made on the device, not when it arrived.
  expect(Date.parse(change!.dateCreated)).toBeGreaterThanOrEqual(changedAt - 1_000);
  expect(Date.parse(change!.dateCreated)).toBeLessThan(reconnectedAt);
  await expect.poll(async () => (await leadsOfTheRun()).length, { timeout: 30_000 }).toBe(1);
  const lead = await officer.get<Lead>(`/api/leads/${(await leadsOfTheRun())[0]!.Id}`);
  expect(lead).toMatchObject({ firstName: 'Palesa', contactNumber, status: 'New', source: 'UI', createdByUserId: officer.user.Id });
  await expect(page.getByText(`Palesa Stall${RUN}`)).toBeVisible();

  // The day's start or stop reached the server at the time it was made on the device.
  await expect.poll(async () => (await latestDay())?.action, { timeout: 30_000 }).toBe(dayWasRunning ? 0 : 1);
  const dayAction = (await latestDay())!;
  expect(Date.parse(dayAction.dateCreated)).toBeGreaterThanOrEqual(dayToggledAt - 1_000);
  expect(Date.parse(dayAction.dateCreated)).toBeLessThan(reconnectedAt);
  expect([dayAction.latitude, dayAction.longitude]).toEqual([AT_THE_STALL.latitude, AT_THE_STALL.longitude]);
  // The officer's day is left as this test found it, for the specs after it.
  if (!dayWasRunning) await officer.post('/api/agent/action', { action: 0, ...AT_THE_STALL });
});
