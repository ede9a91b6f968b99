import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Steps the AJS journeys share (ajs.spec.ts, ajs-panel.spec.ts): a judge signing in on their tablet,
 * a stepper tapped to a score, and axe's serious findings on a screen.
 */

/** The judge signs in with their code and opens the round of the event named with `stamp`. */
export async function signInJudge(page: Page, id: number, code: string, stamp: string) {
  await page.goto(`/judges/${id}`);
  await page.getByLabel('Access code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const ours = page.getByRole('button', { name: new RegExp(stamp) });
  if (await ours.isVisible().catch(() => false)) await ours.click();
  await expect(page.getByRole('heading', { name: new RegExp(stamp) })).toBeVisible();
}

/**
 * Taps a stepper ("TQ", or "TQ + PS" where one score counts for both) until it shows `target` (the
 * first tap sets 7.50, each ±1 / ±0.25 after).
 */
export async function scoreTo(page: Page, couple: string, comp: string, target: number) {
  const group = page.getByRole('group', { name: `${comp} of couple ${couple}` });
  const shown = group.locator('output');
  const value = async () => Number((await shown.innerText()).replace('–', 'NaN'));
  if (Number.isNaN(await value())) {
    await group.getByRole('button', { name: `${comp} of couple ${couple} plus 0.25` }).click();
    await expect(shown).toHaveText('7.50');
  }
  for (let i = 0; i < 40 && (await value()) !== target; i++) {
    const v = await value();
    const diff = target - v;
    const name = diff >= 1 ? 'plus 1' : diff <= -1 ? 'minus 1' : diff > 0 ? 'plus 0.25' : 'minus 0.25';
    await group.getByRole('button', { name: `${comp} of couple ${couple} ${name}` }).click();
    await expect(shown).not.toHaveText(v.toFixed(2));
  }
  await expect(shown).toHaveText(target.toFixed(2));
}

/**
 * What axe finds serious or critical on the page as it stands, or in the part `include` selects
 * (rule id, how many nodes, the first one).
 */
export async function seriousAxe(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`);
}

/** The page does not scroll sideways (a phone's screen holds it). */
export async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}
