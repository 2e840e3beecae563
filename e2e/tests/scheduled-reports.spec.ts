/**
 * Scheduled reports (issue 22 item 5) in the browser: a branch manager finds their branch's demo schedule (not
 * the company's), schedules a report with a cron expression (refused while wrong, its next runs shown once
 * right), runs it now, finds the run done in its history with its file, and each recipient's e-mail arrives
 * at a real SMTP server (the e2e server's SMTP_URL) with that very file attached; the list and the form have
 * no serious accessibility fault at 390 px in dark mode.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { SMTP_PORT } from '../server-env';
import { scheduledReports } from '@meridian/shared/contract/areas/reports';
import { choose } from '../support/antd';
import { signIn } from '../support/session';

const SERIOUS = new Set(['serious', 'critical']);

async function seriousFaults(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
  return results.violations.filter((v) => SERIOUS.has(v.impact ?? '')).map((v) => `${v.id}: ${v.help}`);
}

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The e2e server's SMTP server while this file runs: every message it is handed, whole. */
const mailbox: ReceivedMail[] = [];
let smtp: SMTPServer | null = null;
test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        mailbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(SMTP_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
});

/** A message with its folded header lines joined (a long subject or file name is folded). */
const unfolded = (mail: ReceivedMail) => mail.raw.replace(/\r?\n[ \t]+/g, ' ');

/** The base64 body of a message's attachment named `fileName` (nodemailer folds it in lines of 76). */
function attachmentOf(mail: ReceivedMail, fileName: string): Buffer | null {
  // nodemailer quotes a name with spaces.
  const part = unfolded(mail)
    .split(/\r?\n--/)
    .find((p) => p.includes(`filename="${fileName}"`) || p.includes(`filename=${fileName}`));
  if (!part) return null;
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

test('a branch manager schedules a report with a cron expression, runs it now, and each recipient is mailed its file', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await signIn(page, 'branch manager');
  await expect(page).toHaveURL(/\/$/);
  await page.goto(scheduledReports.screens.list);
  // The branch's subtree: its team's demo schedule, not the company's.
  await expect(page.getByRole('link', { name: 'Soweto Team PAR, Friday afternoons' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'PAR over 30 days, Monday mornings' })).toHaveCount(0);

  await page.getByRole('button', { name: /New scheduled report/ }).click();
  await expect(page).toHaveURL(new RegExp(scheduledReports.screens.create));
  const name = `Weekday tenant loans ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, page.getByRole('combobox', { name: 'Report' }), 'Tenant loans report');
  await choose(page, page.getByRole('combobox', { name: 'Runs' }), 'Cron expression');
  const cron = page.getByRole('textbox', { name: 'Cron expression' });
  await cron.fill('30 6 * *');
  await expect(page.getByText(/five fields/)).toBeVisible();
  await cron.fill('30 6 * * 1-5');
  await expect(page.getByText(/five fields/)).toHaveCount(0);
  const nextRuns = page.getByRole('region', { name: 'Next runs' });
  await expect(nextRuns.getByRole('listitem')).toHaveCount(3);
  await expect(nextRuns.getByRole('listitem').first()).toContainText('06:30');
  await choose(page, page.getByRole('combobox', { name: 'Format' }), 'XLSX');
  const recipients = [`board-${Date.now()}@example.com`, `risk-${Date.now()}@example.com`];
  await page.getByRole('textbox', { name: 'Recipients' }).fill(recipients.join(', '));
  await page.getByRole('button', { name: 'Create scheduled report' }).click();

  await expect(page).toHaveURL(new RegExp(scheduledReports.screens.list));
  await page.getByRole('searchbox').or(page.getByPlaceholder('Search by name, report or recipient')).first().fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Cron: 30 6 * * 1-5');
  await row.getByRole('button', { name: `Run now ${name}` }).click();
  await expect(page.getByText('The report is queued')).toBeVisible();
  await row.getByRole('button', { name: `History ${name}` }).click();
  const history = page.getByRole('dialog', { name: `Runs of ${name}` });

  // The run ends done with its file (the open history follows it), which downloads.
  await expect(history.locator('.ant-tag').filter({ hasText: 'Done' })).toBeVisible({ timeout: 90_000 });
  const fileButton = history.getByRole('button', { name: /^Tenant loans report .*\.xlsx$/ });
  const fileName = (await fileButton.innerText()).trim();
  const downloaded = page.waitForEvent('download');
  await fileButton.click();
  const kept = fs.readFileSync(await (await downloaded).path());
  expect(kept.subarray(0, 2).toString('latin1')).toBe('PK');

  // Each recipient's e-mail reaches the SMTP server, the kept file attached byte for byte.
  await expect.poll(() => recipients.filter((to) => mailbox.some((m) => m.to.includes(to))).length, { timeout: 60_000 }).toBe(2);
  for (const to of recipients) {
    const mail = mailbox.find((m) => m.to.includes(to))!;
    expect(unfolded(mail)).toContain(`Subject: Scheduled report: ${name}`);
    expect(attachmentOf(mail, fileName)?.equals(kept), `${to}'s attachment is the kept file`).toBe(true);
  }
});

test('the list and the form fit a phone in dark mode with no serious accessibility fault', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signIn(page, 'company administrator');
  await expect(page).toHaveURL(/\/$/);
  for (const path of [scheduledReports.screens.list, scheduledReports.screens.create]) {
    await page.goto(path);
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${path}: no sideways scroll`).toBeLessThanOrEqual(0);
    expect(await seriousFaults(page), path).toEqual([]);
  }
});
