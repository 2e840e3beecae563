/** Driving antd controls as a person does. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The select around a combobox: it shows what is chosen. */
const selectOf = (combobox: Locator) =>
  combobox.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');

/**
 * Opens a select by its name (or types into it) and clicks the choice with that title, once it is offered, until
 * the select shows it. A click that lands while another select's list is still closing, or that the list
 * re-rendering swallows, is tried again, as a person would, rather than left for a later step to time out on.
 */
export async function choose(page: Page, select: Locator, choice: string, typed?: string) {
  await expect(async () => {
    if (typed === undefined) await select.click();
    else await select.fill(typed);
    await page.locator('.ant-select-dropdown:visible').getByTitle(choice, { exact: true }).click({ timeout: 5_000 });
    await expect(selectOf(select)).toContainText(choice, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
