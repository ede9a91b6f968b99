/** Debian Chromium through Playwright (never a downloaded browser). */
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}
