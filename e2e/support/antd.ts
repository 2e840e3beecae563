/** Driving antd controls as a person does. */
import type { Page } from '@playwright/test';

/** Opens a select by its name (or types into it) and clicks the choice with that title, once it is offered. */
export async function choose(page: Page, select: ReturnType<Page['getByRole']>, choice: string, typed?: string) {
  if (typed === undefined) await select.click();
  else await select.fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByTitle(choice, { exact: true }).click();
}
