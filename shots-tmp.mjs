import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:8880';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
const out = '/work/wt/shots/revenue';
const pages = (process.env.PAGES ?? 'hub,history,events,backtest').split(',');
for (const lang of ['ar', 'en']) {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, locale: lang === 'ar' ? 'ar-OM' : 'en-GB' });
  const page = await context.newPage();
  const login = await page.request.post(`${base}/api/auth/login`, { data: { email: 'manager@example.com', password: 'change-me-manager' }, headers: { origin: base } });
  if (!login.ok()) throw new Error('login ' + login.status());
  for (const name of pages) {
    const path = name === 'hub' ? '/admin/revenue' : name === 'dashboard' ? '/admin' : `/admin/revenue/${name}`;
    await page.goto(`${base}${path}?lang=${lang}`, { waitUntil: 'networkidle', timeout: 120_000 });
    const ready = { hub: 'revenue-history-summary', history: 'history-progress', events: 'events-list', backtest: 'backtest-chart', dashboard: null }[name];
    if (ready) await page.getByTestId(ready).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/${name}-${lang}-820.png`, fullPage: true });
    console.log('shot', name, lang);
  }
  await context.close();
}
await browser.close();
