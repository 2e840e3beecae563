/**
 * A day in the field, as each person does it in the browser against the real server and database:
 * - a loan officer, whose browser shares a position the test sets, starts the day (recorded online at
 *   that position), sees today's activity on My Work, moves it through two statuses (each change
 *   recorded at the position the device had then), adds a file (stored with the same bytes) and stops
 *   the day;
 * - a team leader plans tomorrow's route for that officer from tomorrow's activities without a plan,
 *   in an order of their own, and sees the stops in that order on the plan's map (as the numbered
 *   list the map gives way to when its tiles cannot load);
 * - a branch manager creates a lead, is refused a second one with the same contact number with the
 *   spec's message, assigns the first to an agent and downloads its PDF.
 * Setup (today's and tomorrow's activities) is made through the API; every step of the people is
 * clicks and typing.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AGENT_ACTION, GEO } from '@meridian/shared/constants';
import type { Activity, ActivityAssignment, ActivityStatus, ActivityType } from '@meridian/shared/contract/activity';
import type { ActivityPlan, ActivityPlanStop } from '@meridian/shared/contract/activity-plan';
import { leadPdfFileName, type Lead } from '@meridian/shared/contract/lead';
import type { AgentDayAction } from '@meridian/shared/contract/field-agent';
import { displayCoordinate } from '@meridian/shared/geo';
import { MESSAGES } from '@meridian/shared/messages';
import { ACTIVITY_TEXT, downloadFileLabel, statusOfLabel } from '../../mfe-sales/src/activities/activity-text';
import { moveUpLabel, PLAN_TEXT, rowActionLabel } from '../../mfe-sales/src/activity-plans/activity-plan-text';
import { assignTitle, downloadPdfLabel, LEAD_TEXT, moreActionsLabel } from '../../mfe-sales/src/leads/lead-text';
import { choose } from '../support/antd';
import { apiAs, mainMenu, signIn } from '../support/session';

/** Letters only, so the run's suffix also fits name fields that refuse digits. */
const RUN = Date.now()
  .toString(26)
  .slice(-6)
  .split('')
  .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
  .join('');
const Run = RUN[0]!.toUpperCase() + RUN.slice(1);

/** The demo company's days are Johannesburg's (the default time zone setting); the browsers live there too. */
const TIME_ZONE = 'Africa/Johannesburg';
const dayIn = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
const today = () => dayIn(new Date());
const tomorrow = () => dayIn(new Date(Date.now() + 24 * 60 * 60 * 1000));

test.use({ timezoneId: TIME_ZONE });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An entry of the main menu by its label (its accessible name also holds its icon's). */
const menuEntry = (page: Page, label: string) =>
  mainMenu(page)
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^${label}$`) });

/** Follows a path of the main menu, opening each closed group on the way. */
async function openMenu(page: Page, ...labels: string[]) {
  for (const [i, label] of labels.entries()) {
    const entry = menuEntry(page, label);
    if (i < labels.length - 1) {
      if ((await entry.getAttribute('aria-expanded')) !== 'true') await entry.click();
    } else {
      await entry.click();
    }
  }
}

/** The text a PDF draws (uncompressed content streams, strings as hex or literals in Tj and TJ). */
function pdfText(pdf: Buffer) {
  const source = pdf.toString('latin1');
  const decode = (token: string) =>
    token.startsWith('<')
      ? Buffer.from(token.slice(1, -1).replace(/\s+/g, ''), 'hex').toString('latin1')
      : token.slice(1, -1).replace(/\\([()\\])/g, '$1');
  const shown: string[] = [];
  for (const match of source.matchAll(
    /\[((?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g,
  )) {
    const strings = match[1] !== undefined ? (match[1].match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? []) : [match[2]!];
    shown.push(strings.map(decode).join(''));
  }
  return shown.join('\n');
}

test.describe('a loan officer in the field', () => {
  const START = { latitude: -26.25, longitude: 27.86, accuracy: 8 };
  const AT_THE_DOOR = { latitude: -26.2517, longitude: 27.8632, accuracy: 11 };
  const DONE_THERE = { latitude: -26.2534, longitude: 27.8671, accuracy: 6 };
  test.use({ permissions: ['geolocation'], geolocation: START });

  /**
   * The officer walks on: the device reports the new position. The product asks for a fix at most
   * GEO.maximumAgeMs old (spec section 9), so the browser may answer the previous fix until then; the
   * next capture waits that long after the last one, as a walk between two places would.
   */
  let lastFix = 0;
  const fixTaken = () => (lastFix = Date.now());
  async function walkTo(context: BrowserContext, page: Page, position: typeof START) {
    await context.setGeolocation(position);
    const wait = lastFix + GEO.maximumAgeMs + 500 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
  }

  test('a loan officer starts the day at their position, moves today’s activity through two statuses with the position of each change, adds a file and stops the day', async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.slow(true, 'sign in, My Work, a status change twice, an activity page and a file upload');
    const began = Date.now();
    const leader = await apiAs(request, 'team leader');
    const officer = await apiAs(request, 'loan officer');
    const [types, statuses] = [
      await leader.get<ActivityType[]>('/api/activities/types'),
      await leader.get<ActivityStatus[]>('/api/activities/statuses'),
    ];
    const status = (name: string) => statuses.find((s) => s.name === name)!;
    expect(status('In progress')).toBeTruthy();
    expect(status('Completed')).toBeTruthy();

    // Today's visit for the officer, made by their team leader.
    const name = `Visit ${Run} at the Orlando stokvel`;
    const visit = await leader.post<Activity>('/api/activities', {
      name,
      description: 'Bring the loan application forms.',
      activityTypeId: types.find((t) => t.name === 'Visit')!.Id,
      startDate: new Date().toISOString(),
      location: 'Orlando West, Soweto',
      lat: -26.2405,
      lng: 27.9118,
      assignedUserIds: [officer.user.Id],
    });

    await signIn(page, 'loan officer');
    await expect(page).toHaveURL(/\/agents\/landingpage$/);

    // Starting the day records "online" where the device is.
    await expect(page.getByText(ACTIVITY_TEXT.dayNotStarted)).toBeVisible();
    await page.getByRole('button', { name: ACTIVITY_TEXT.startDay }).click();
    await expect(page.getByText(ACTIVITY_TEXT.dayStarted)).toBeVisible();
    fixTaken();
    await expect(page.getByText(new RegExp(`^${ACTIVITY_TEXT.dayRunning} · `))).toBeVisible();
    await expect(page.getByRole('button', { name: ACTIVITY_TEXT.stopDay })).toBeVisible();
    const dayActions = () => officer.get<AgentDayAction[]>(`/api/agent/${officer.user.Id}/${today()}`);
    // Only this test's start: another spec may have started and stopped the officer's day earlier today.
    const started = (await dayActions()).filter((a) => a.action === AGENT_ACTION.ONLINE && Date.parse(a.dateCreated) >= began - 5_000);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ performedByUserId: officer.user.Id, ...START });
    expect(Date.parse(started[0]!.dateCreated)).toBeGreaterThanOrEqual(began - 5_000);
    const latest = await officer.get<{ agentAction: AgentDayAction[] }>('/api/agent/action/latest');
    expect(latest.agentAction[0]).toMatchObject({ Id: started[0]!.Id, action: AGENT_ACTION.ONLINE });

    // My Work lists today's visit; its status is changed in place, each time where the device is then.
    const card = page.getByRole('list', { name: ACTIVITY_TEXT.activitiesToday }).getByRole('listitem').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Orlando West, Soweto');
    const statusSelect = card.getByRole('combobox', { name: statusOfLabel(name) });
    // The status the control shows (antd's single select value).
    const shownStatus = card.locator('.ant-select-content');
    await expect(shownStatus).toHaveText('Pending');
    const history = async () =>
      (await officer.get<ActivityAssignment>(`/api/activities/get-activity-assignment/${visit.Id}/${officer.user.Id}`)).history;
    expect(await history()).toEqual([]);

    await walkTo(context, page, AT_THE_DOOR);
    await choose(page, statusSelect, 'In progress');
    await expect(page.getByText(ACTIVITY_TEXT.statusUpdated)).toBeVisible();
    fixTaken();
    await expect(shownStatus).toHaveText('In progress');
    await expect.poll(async () => (await history()).length).toBe(1);
    expect((await history())[0]).toMatchObject({
      statusId: status('In progress').Id,
      statusText: 'In progress',
      changedByUserId: officer.user.Id,
      ...AT_THE_DOOR,
    });

    await walkTo(context, page, DONE_THERE);
    await choose(page, statusSelect, 'Completed');
    await expect(shownStatus).toHaveText('Completed');
    await expect.poll(async () => (await history()).length).toBe(2);
    const [second, first] = await history();
    expect(second).toMatchObject({ statusId: status('Completed').Id, statusText: 'Completed', ...DONE_THERE });
    expect(first).toMatchObject({ statusText: 'In progress', ...AT_THE_DOOR });
    expect((await officer.get<Activity>(`/api/activities/${visit.Id}`)).statusText).toBe('Completed');

    // The activity's page shows the history with positions; a file added there is kept, byte for byte.
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/activities/${visit.Id}/view$`));
    const assignee = page.getByRole('button', { name: /^Lerato Dlamini/ });
    await expect(assignee).toContainText('Completed');
    await assignee.getByText('Lerato Dlamini', { exact: true }).click();
    const historyTable = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: ACTIVITY_TEXT.position }) });
    const positionOf = (p: typeof START) => `${displayCoordinate(p.latitude)}, ${displayCoordinate(p.longitude)} (±${p.accuracy} m)`;
    await expect(historyTable.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveText([
      new RegExp(`^Completed.*${escaped(positionOf(DONE_THERE))}$`),
      new RegExp(`^In progress.*${escaped(positionOf(AT_THE_DOOR))}$`),
    ]);

    const fileName = `stokvel-minutes-${RUN}.txt`;
    const bytes = Buffer.from(`Orlando stokvel, visit of ${today()}\nMembers present: 14\nForms handed out: 6\n`, 'utf8');
    const filePath = testInfo.outputPath(fileName);
    await writeFile(filePath, bytes);
    await expect(page.getByText(ACTIVITY_TEXT.noFiles)).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(filePath);
    await expect(page.getByText(ACTIVITY_TEXT.fileAdded)).toBeVisible();
    const fileRow = page.getByRole('row').filter({ hasText: fileName });
    await expect(fileRow).toHaveCount(1);
    await expect(fileRow.getByRole('button', { name: downloadFileLabel(fileName) })).toBeVisible();

    const files = (await officer.get<Activity>(`/api/activities/${visit.Id}`)).files;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ fileName, sizeBytes: bytes.length, uploadedByUserId: officer.user.Id });
    const stored = await officer.raw(`/api/activities/files/${files[0]!.Id}`);
    expect(stored.status()).toBe(200);
    expect(Buffer.from(await stored.body()).equals(bytes)).toBe(true);
    // The addition is an agent action on the activity, at the device's position.
    expect((await dayActions()).filter((a) => a.action === AGENT_ACTION.FILE_ADDED && a.entityId === visit.Id)).toEqual([
      expect.objectContaining({ entityType: 'activity', ...DONE_THERE }),
    ]);

    // Back on My Work, stopping the day (once confirmed) records "offline".
    await openMenu(page, 'Sales', 'My Work');
    await expect(page).toHaveURL(/\/agents\/landingpage$/);
    await page.getByRole('button', { name: ACTIVITY_TEXT.stopDay }).click();
    await page.getByRole('dialog').getByRole('button', { name: ACTIVITY_TEXT.stopDay }).click();
    await expect(page.getByText(ACTIVITY_TEXT.dayStopped)).toBeVisible();
    await expect(page.getByText(ACTIVITY_TEXT.dayNotStarted)).toBeVisible();
    expect((await officer.get<{ agentAction: AgentDayAction[] }>('/api/agent/action/latest')).agentAction[0]).toMatchObject({
      action: AGENT_ACTION.OFFLINE,
      ...DONE_THERE,
    });
  });
});

test('a team leader plans tomorrow’s route for an officer in an order of their own and sees the stops in that order on its map', async ({
  page,
  request,
}) => {
  test.slow(true, 'sign in, a plan built from a searched list, and the map page');
  const leader = await apiAs(request, 'team leader');
  const officer = await apiAs(request, 'loan officer');
  const types = await leader.get<ActivityType[]>('/api/activities/types');
  const day = tomorrow();

  // Tomorrow's visits of the officer, in no plan yet, each at a place of its own.
  const stops = [
    { name: `Kliptown ${Run} visit`, at: '09:00', location: 'Kliptown, Soweto', lat: -26.2772, lng: 27.8836 },
    { name: `Orlando ${Run} visit`, at: '11:00', location: 'Orlando East, Soweto', lat: -26.2309, lng: 27.9274 },
    { name: `Jabavu ${Run} visit`, at: '13:00', location: 'Jabavu, Soweto', lat: -26.2467, lng: 27.8752 },
  ];
  const created = new Map<string, Activity>();
  for (const stop of stops) {
    created.set(
      stop.name,
      await leader.post<Activity>('/api/activities', {
        name: stop.name,
        activityTypeId: types.find((t) => t.name === 'Visit')!.Id,
        startDate: `${day}T${stop.at}:00+02:00`,
        location: stop.location,
        lat: stop.lat,
        lng: stop.lng,
        assignedUserIds: [officer.user.Id],
      }),
    );
  }
  const planName = `Soweto route ${Run}`;
  // The order the leader wants: Jabavu first, then Kliptown, then Orlando (not the order they start in).
  const chosenOrder = [stops[2]!, stops[0]!, stops[1]!];

  await signIn(page, 'team leader');
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  await openMenu(page, 'Sales', 'Activities', 'Route plans');
  await expect(page).toHaveURL(/\/sales\/activities\/activity-plan(\?|$)/);
  await page.getByRole('link', { name: PLAN_TEXT.newPlan }).click();
  await expect(page).toHaveURL(/\/sales\/activities\/activity-plan\/create$/);

  await page.getByRole('textbox', { name: PLAN_TEXT.planName }).fill(planName);
  await page.getByLabel(PLAN_TEXT.planDate).fill(day);
  await choose(page, page.getByRole('combobox', { name: PLAN_TEXT.planAgent }), 'Lerato Dlamini', 'loan-officer');

  // Tomorrow's activities of the officer without a plan, narrowed to this run's.
  const search = page.getByRole('searchbox', { name: PLAN_TEXT.searchActivities });
  await search.fill(Run);
  await search.press('Enter');
  for (const stop of stops) await expect(page.getByRole('row').filter({ hasText: stop.name })).toHaveCount(1);
  for (const stop of stops) await page.getByRole('button', { name: rowActionLabel(PLAN_TEXT.add, stop.name), exact: true }).click();
  for (const stop of stops)
    await expect(page.getByRole('button', { name: rowActionLabel(PLAN_TEXT.added, stop.name), exact: true })).toBeDisabled();

  const route = page.getByRole('list', { name: PLAN_TEXT.stopsInOrder });
  await expect(route.getByRole('listitem')).toHaveText(stops.map((s, i) => new RegExp(`^${i + 1}${s.name}`)));
  // Jabavu goes to the front of the route.
  await page.getByRole('button', { name: moveUpLabel(stops[2]!.name) }).click();
  await page.getByRole('button', { name: moveUpLabel(stops[2]!.name) }).click();
  await expect(route.getByRole('listitem')).toHaveText(chosenOrder.map((s, i) => new RegExp(`^${i + 1}${s.name}`)));

  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/activities/activity-plan' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: PLAN_TEXT.createPlan }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText(PLAN_TEXT.planCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/activities\/activity-plan(\?|$)/);

  // The plan, as stored: the officer's, tomorrow, with the stops in the chosen order.
  const plan = ((await (await saved).json()) as { data: ActivityPlan }).data;
  expect(plan).toMatchObject({ name: planName, planDate: day, agentUserId: officer.user.Id, status: 'PENDING', stopCount: 3 });
  expect(plan.activityIds).toEqual(chosenOrder.map((s) => created.get(s.name)!.Id));

  // Its map: tiles come from the internet, which the e2e server does not have (made certain here).
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (r) => r.abort());
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: planName, exact: true }) });
  await expect(row).toContainText('Lerato Dlamini');
  await row.getByRole('link', { name: rowActionLabel(PLAN_TEXT.showMap, planName) }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/activities/activity-plan/${plan.Id}/map-view$`));
  await expect(page.getByText(new RegExp(`^${planName} · .* · Lerato Dlamini$`))).toBeVisible();

  // The stops are numbered in the chosen order: the list beside the map, the map's markers, and the
  // plain list of points with their coordinates the map gives way to without tiles.
  for (const [i, stop] of chosenOrder.entries()) await expect(page.getByText(`${i + 1}. ${stop.name}`, { exact: true })).toBeVisible();
  await expect(page.getByText(MESSAGES.pointsMapUnavailable)).toBeVisible({ timeout: 20_000 });
  const points = page.getByTestId('points-list').locator('tbody tr');
  await expect(points).toHaveCount(3);
  for (const [i, stop] of chosenOrder.entries()) {
    await expect(points.nth(i).locator('td')).toHaveText([
      String(i + 1),
      stop.name,
      displayCoordinate(stop.lat),
      displayCoordinate(stop.lng),
    ]);
  }
  const markerTitles = () => page.locator('.leaflet-marker-icon').evaluateAll((icons) => icons.map((icon) => icon.getAttribute('title')));
  await expect.poll(markerTitles).toEqual(chosenOrder.map((s, i) => `${i + 1}. ${s.name}`));

  const stored = await leader.get<ActivityPlanStop[]>(`/api/activities/activity-plan-activities/${plan.Id}`, { detailsLevel: 'BASIC' });
  expect(stored.map((s) => [s.position, s.name, s.lat, s.lng])).toEqual(chosenOrder.map((s, i) => [i + 1, s.name, s.lat, s.lng]));
});

test('a branch manager creates a lead, is refused a duplicate contact number, assigns the lead to an agent and downloads its PDF', async ({
  page,
  request,
}) => {
  test.slow(true, 'two lead forms, the assign dialog and a PDF drawn by the server');
  const manager = await apiAs(request, 'branch manager');
  const officer = await apiAs(request, 'loan officer');
  const contactNumber = `0${String(Date.now()).slice(-9)}`;
  const lead = { firstName: 'Naledi', lastName: `Mokoena-${Run}`, email: `naledi.${RUN}@example.test` };
  const leadName = `${lead.firstName} ${lead.lastName}`;
  const textbox = (label: string) => page.getByRole('textbox', { name: label, exact: true });

  await signIn(page, 'branch manager');
  await expect(page).toHaveURL(/\/$/);
  await openMenu(page, 'Sales', 'Leads');
  await expect(page).toHaveURL(/\/sales\/leads(\?|$)/);

  // The first lead.
  await page.getByRole('link', { name: LEAD_TEXT.newLead }).click();
  await expect(page).toHaveURL(/\/sales\/leads\/create$/);
  await textbox(MESSAGES.firstName).fill(lead.firstName);
  await textbox(MESSAGES.lastName).fill(lead.lastName);
  await textbox(LEAD_TEXT.contactNumber).fill(contactNumber);
  await textbox(MESSAGES.emailAddress).fill(lead.email);
  const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST');
  await page.getByRole('button', { name: LEAD_TEXT.createLead }).click();
  expect((await posted).status()).toBe(201);
  const leadId = ((await (await posted).json()) as { data: Lead }).data.Id;
  await expect(page.getByText(LEAD_TEXT.leadCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/leads(\?|$)/);
  const row = page.getByRole('row').filter({ hasText: leadName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(contactNumber);

  // A second person with the same contact number is refused with the spec's message, and not stored.
  await page.getByRole('link', { name: LEAD_TEXT.newLead }).click();
  await textbox(MESSAGES.firstName).fill('Sipho');
  await textbox(MESSAGES.lastName).fill(`Ndlovu-${Run}`);
  await textbox(LEAD_TEXT.contactNumber).fill(contactNumber);
  await textbox(MESSAGES.emailAddress).fill(`sipho.${RUN}@example.test`);
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST');
  await page.getByRole('button', { name: LEAD_TEXT.createLead }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.leadExists })).toBeVisible();
  await expect(page.getByText(MESSAGES.leadDuplicateDetail)).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/leads\/create$/);
  await expect(textbox(MESSAGES.firstName)).toHaveValue('Sipho');
  const sameNumber = await manager.get<Lead[]>('/api/leads/tenant/getbyid', {
    search: contactNumber,
    startDate: dayIn(new Date(Date.now() - 24 * 60 * 60 * 1000)),
    endDate: tomorrow(),
  });
  expect(sameNumber.map((l) => l.Id)).toEqual([leadId]);

  // Assigned to the officer from the list.
  await page.getByRole('link', { name: LEAD_TEXT.backToLeads }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: moreActionsLabel(leadName) }).click();
  await page.getByRole('menuitem', { name: LEAD_TEXT.assignToAgent }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: assignTitle(leadName) });
  await expect(dialog).toContainText(`${LEAD_TEXT.assignedTo}: ${LEAD_TEXT.notAssigned}`);
  await choose(page, dialog.getByRole('combobox', { name: LEAD_TEXT.agent }), 'Lerato Dlamini', 'loan-officer');
  await dialog.getByRole('button', { name: LEAD_TEXT.assignToAgent }).click();
  await expect(page.getByText(LEAD_TEXT.leadAssigned)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Lerato Dlamini');
  expect(await manager.get<Lead>(`/api/leads/${leadId}`)).toMatchObject({ assignedUserId: officer.user.Id, assignedTo: 'Lerato Dlamini' });

  // Its PDF, drawn by the server, saved under the lead's name.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: downloadPdfLabel(leadName) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(leadPdfFileName(lead));
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1024);
  const text = pdfText(pdf);
  expect(text).toContain(leadName);
  expect(text).toContain(contactNumber);
});
