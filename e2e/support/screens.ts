import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The words of a message catalog (src/…/locales/<locale>.json), as the screens show them. */
export function catalogWords(folder: string, locale: 'en' | 'de' | 'es'): Record<string, string> {
  const file = new URL(`../../src/${folder}/locales/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** "Loading..." in every language we ship (the top bar's and the screens' common word). */
const LOADING = new Set(
  (['en', 'de', 'es'] as const).flatMap((l) => [
    catalogWords('web/layout', l).loading!,
    catalogWords('web/i18n/common', l).loading!,
  ]),
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LOADING_TEXT = new RegExp(`^(Loading\\.*|${[...LOADING].map(escape).join('|')})$`);

/**
 * Checks every screen can take on the load a sweep gives it (a11y.spec.ts: the public site and the
 * judge; no-sideways.spec.ts: every staff screen): each page is opened once and all of them run on it,
 * since on a two-core machine the page load is most of a check's cost.
 */

export const PHONE = { width: 390, height: 844 } as const;
export const LAPTOP = { width: 1280, height: 800 } as const;

/** Waits until the screen has drawn its data: a heading, and no "Loading..." or skeleton left. */
export async function settled(page: Page) {
  // A screen's first visit fetches its code as well as its data: slower than a click on a busy machine.
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(LOADING_TEXT)).toHaveCount(0);
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  // Fonts and late layout (tables measuring themselves) settle within a frame or two.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** What axe finds serious or critical on the page as it stands, one line per rule with its nodes. */
export async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    // Also the rule (off by default) that a control's name contains its visible words (WCAG 2.5.3).
    // Only violations are read: axe then details one node of the passes and the rest instead of every
    // node (a selector built and sent back for each), most of its time on a long page. Every rule still
    // runs on every node, and violations are listed as before.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('')}`)
          .join(' | ')}`,
    );
}

/** Tab titles seen per path, for the checks of particular screens' titles at the end of a test. */
export const titles = new Map<string, string>();

/**
 * The screen says what it is: exactly one h1 (a screen reader's "what page is this", and the
 * projector's and MC's too) and a tab title naming the screen, not the bare "Promenade".
 */
export async function namesItself(page: Page, path: string) {
  await expect(page).not.toHaveTitle(/^Promenade$/);
  const h1 = await page.locator('h1').allTextContents();
  expect.soft(h1, `${path}: ${h1.join(' | ')}`).toHaveLength(1);
  titles.set(path, await page.title());
}

/** How far the page reaches past the window's right edge, and which button labels are cut short. */
export async function overflow(page: Page): Promise<{ extra: number; cut: string[] }> {
  return page.evaluate(() => {
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    // Mantine cuts a button's or a badge's label that does not fit (no wrapping).
    const cut = [...document.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Badge-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.innerText.trim());
    return { extra, cut };
  });
}

/** "No page scrolls sideways, at 390 px or 1280 px" (docs/ui.md), and every button label whole. */
export function expectFits(where: string, width: number, { extra, cut }: { extra: number; cut: string[] }) {
  expect.soft(extra, `${where} at ${width} px is ${extra} px wider than the window`).toBeLessThanOrEqual(0);
  expect.soft(cut, `${where} at ${width} px: labels cut off`).toEqual([]);
}

/**
 * The row buttons (actions in a table's rows) that a person cannot see without scrolling: each must lie
 * wholly inside the window and inside every box around it that clips (a table that scrolls sideways).
 * Buttons folded away in a closed row menu are not drawn and not counted; the menu's button is.
 */
export async function hiddenRowActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('tbody button, tbody [role="button"]');
    for (const el of controls) {
      if (el.offsetParent === null || el.closest('[aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = (el.getAttribute('aria-label') ?? el.innerText ?? '').trim() || el.tagName;
      const where = `"${name}" (x ${Math.round(box.left)}–${Math.round(box.right)})`;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        hidden.push(`${where} outside the window (${window.innerWidth} px)`);
        continue;
      }
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
          hidden.push(`${where} outside its box (x ${Math.round(clip.left)}–${Math.round(clip.right)})`);
          break;
        }
      }
    }
    return hidden;
  });
}
