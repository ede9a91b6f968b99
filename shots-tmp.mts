import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3511';
const [lang, size, ...paths] = process.argv.slice(2);
const viewport = size === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ locale: lang, viewport });
const page = await ctx.newPage();
if (paths.some((p) => p.startsWith('/admin') || p.startsWith('/print'))) await page.request.post(base + '/api/v1/auth/login', { data: { email: 'admin@example.com', password: 'secret123' } });
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const file = `/tmp/shots/${lang}_${size}${p.replaceAll('/', '_').replaceAll('?', '_')}.png`;
  await page.screenshot({ path: file, fullPage: true });
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(file, 'lang=', await page.evaluate(() => document.documentElement.lang), 'extra=', extra);
}
await browser.close();
