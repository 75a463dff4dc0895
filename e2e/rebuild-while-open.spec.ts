import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { e2eWorkerCount } from '../scripts/e2e-servers.mjs';
import { expect, test } from './fixtures';

// The service worker is part of what this journey checks (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Deploys: a deploy while a guest's page is open. The page is loaded
 * from one build; the next deploy, with new file names, then replaces it in the directory the
 * server serves, so the lazy panel's chunk the open page knows no longer exists.
 * Opening the panel must reload the page once onto the new build and the panel then opens;
 * never a blank page, never HTML served as JavaScript.
 *
 * The next deploy is the build already made, with every script renamed as a build with
 * WEB_BUILD_ID names it (name-hash-tag.js) and every reference to it rewritten (pages, scripts,
 * service worker): what the journey needs of a new build is new script names, and a second
 * `vite build` cost a minute of the suite's two cores. It is made before the server starts,
 * as a deploy uploads a finished build.
 *
 * Isolated from the other journeys (which may run beside it): its own copy of the build, its
 * own server on its own port and its own database (a copy of the main e2e server's freshly
 * seeded one when there is one, scripts/serve-e2e.mjs); only this journey's server sees the
 * deploy. No service worker here: it would keep serving the old build's precached chunks (the
 * other case the issue allows); this journey is about the page that has none yet.
 */
// Past the ports of the journeys' own servers (scripts/e2e-servers.mjs).
const port = Number(
  process.env.E2E_REBUILD_PORT ?? Number(process.env.E2E_PORT ?? 8788) + Math.max(5, e2eWorkerCount()),
);
const served = process.env.WEB_OUT_DIR ?? 'dist/web';
const outDir = `${served}-rebuild-${port}`;
const nextDir = `${outDir}-next`;
const persistTo = `.wrangler/e2e-rebuild-${port}`;
const seededFrom = `${process.env.E2E_PERSIST_TO ?? '.wrangler/e2e-state'}-seeded`;
const base = `http://127.0.0.1:${port}`;

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** `to`: the build in `from` as the next deploy, every script renamed with `tag` and every reference with it. */
function nextDeploy(from: string, to: string, tag: string) {
  cpSync(from, to, { recursive: true });
  const renamed = new Map(
    readdirSync(`${to}/assets`)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, f.replace(/\.js$/, `-${tag}.js`)]),
  );
  const names = [...renamed.keys()].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const reference = new RegExp(`(?<![\\w.-])(${names.join('|')})`, 'g');
  for (const file of filesUnder(to)) {
    if (!/\.(js|css|html|webmanifest|json)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const next = text.replace(reference, (name) => renamed.get(name)!);
    if (next !== text) writeFileSync(file, next);
  }
  for (const [name, next] of renamed) renameSync(`${to}/assets/${name}`, `${to}/assets/${next}`);
}

let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(outDir, { recursive: true, force: true });
  rmSync(nextDir, { recursive: true, force: true });
  cpSync(served, outDir, { recursive: true });
  nextDeploy(served, nextDir, `r${Date.now().toString(36)}`);
  server = spawn('node', ['scripts/serve-e2e.mjs'], {
    stdio: ['ignore', openSync(`${outDir}.log`, 'w'), openSync(`${outDir}.log`, 'a')],
    detached: true,
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_PERSIST_TO: persistTo,
      ...(existsSync(seededFrom) && { E2E_SEEDED_FROM: seededFrom }),
      WEB_OUT_DIR: outDir,
      WRANGLER_SEND_METRICS: 'false',
    },
  });
  let up = false;
  for (let i = 0; i < 480 && !up; i++) {
    try {
      up = (await fetch(`${base}/api/health`)).ok;
    } catch {
      // not up yet
    }
    if (!up) await new Promise((r) => setTimeout(r, 250));
  }
  if (!up) throw new Error('the rebuild journey server did not start');
});

test.afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(nextDir, { recursive: true, force: true });
  rmSync(persistTo, { recursive: true, force: true });
});

test('a missing build file is a 404 with no HTML, while pages still fall back to the app', async ({
  request,
}) => {
  const res = await request.get(`${base}/assets/chunk-from-an-older-deploy-0a1b2c3d.js`);
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type'] ?? '').not.toContain('text/html');
  expect(await res.text()).not.toMatch(/<!doctype html|<html/i);
  const page = await request.get(`${base}/some/guest/page`);
  expect(page.status()).toBe(200);
  expect(await page.text()).toMatch(/<div id="root">/);
});

test('a page open during a deploy reloads once onto the new build and opens the lazy panel', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const scripts: { url: string; status: number }[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/') && res.url().endsWith('.js')) {
      scripts.push({ url: res.url(), status: res.status() });
    }
  });
  let loads = 0;
  page.on('load', () => (loads += 1));

  // The landing page fetches a panel's code on intent (decision 012) and, once the app has
  // started, makes the panels ready one by one at idle moments (decision 099,
  // preparePanelsAtIdle: quick booking, then the nearby services, then the others). The journey
  // is the deploy that lands before that preparation has the nearby-services panel's code: the
  // page's request for that chunk is held until the deploy is done (as if it went out just after
  // it), so the page open during the deploy still has the panel's code to fetch, from a build
  // that is gone. A new page (the reload) gets its chunks at once.
  let deployed = false;
  let deployDone = () => {};
  const deploy = new Promise<void>((resolve) => (deployDone = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/services-panel-[^/]*\.js$/, async (route) => {
    if (!deployed) {
      held.push(new URL(route.request().url()).pathname);
      await deploy;
    }
    await route.continue();
  });
  await page.goto(`${base}/?lang=en`);
  await expect(page.getByTestId('landing-card-services')).toBeVisible();
  // The page settled: its idle preparation came to the nearby-services panel (held).
  await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(scripts.some((s) => s.url.includes('/services-panel-'))).toBe(false);
  const oldEntry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
  expect(oldEntry).toBeTruthy();
  const before = new Set(readdirSync(`${outDir}/assets`));

  // A reload for a reason of its own (a dev-server restart) before the deploy would use up the
  // page's one reload (main.tsx allows one per page within 10 s): the journey starts clean.
  await page.evaluate(() => sessionStorage.clear());
  const loadsAtDeploy = loads;

  // The deploy: the new build replaces the old one in the served directory (file by file, as
  // an upload does; the directory itself stays, so wrangler dev keeps serving from it).
  for (const file of readdirSync(`${outDir}/assets`)) rmSync(`${outDir}/assets/${file}`);
  cpSync(nextDir, outDir, { recursive: true });
  expect(existsSync(`${outDir}/assets${oldEntry!.slice('/assets'.length)}`)).toBe(false);
  const after = readdirSync(`${outDir}/assets`).filter((f) => f.endsWith('.js'));
  expect(after.some((f) => before.has(f))).toBe(false);
  // The server serves from disk: the old entry is gone from it too (a 404, not the app shell).
  await expect
    .poll(async () => (await page.request.get(`${base}${oldEntry}`).catch(() => null))?.status(), {
      timeout: 20_000,
    })
    .toBe(404);
  // ... and its pages name the new build's entry. (wrangler dev notices the changed files with a
  // delay; until it has, it may still answer the page with the old file's validator, so the
  // browser's reload would keep its cached old page. A real deploy swaps the files at once.)
  await expect
    .poll(
      async () => {
        const html = await page.request.get(`${base}/?lang=en`).then(
          (r) => r.text(),
          () => '',
        );
        // (The landing page's script is the small boot that imports the entry, web/build/prerender.ts.)
        return /src="\/assets\/(index|boot)-[^"]+\.js"/.test(html) && !html.includes(oldEntry!);
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // The guest taps a panel whose code was never loaded. Its chunk (or one the page fetches by
  // itself once settled) is gone, so the page reloads once (web/src/app/main.tsx) onto the
  // new build. (The card is also a link to /?services=true: when the tap's own navigation
  // follows the reload, that is a second page load, which opens the panel.)
  const loadsBefore = loadsAtDeploy;
  // The held request goes out now, to the new build: the old build's chunk is a 404.
  deployed = true;
  deployDone();
  await page.getByTestId('landing-card-services').click();
  await expect.poll(() => loads, { timeout: 20_000 }).toBeGreaterThan(loadsBefore);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('landing-card-services')).toBeVisible();
  const newEntry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
  expect(newEntry).not.toBe(oldEntry);
  const missing = scripts.filter((s) => s.status === 404).map((s) => new URL(s.url).pathname);
  expect(missing.length).toBeGreaterThan(0);
  for (const path of missing) expect(before.has(path.slice('/assets/'.length))).toBe(true);

  // On the new build the panel opens (a tap that landed after the reload has opened it already).
  // (Once the page is quiet: a panel still fetching its code would not be visible yet.)
  await page.waitForLoadState('networkidle');
  const settled = loads;
  const panel = page.getByTestId('services-panel');
  if (!(await panel.isVisible())) await page.getByTestId('landing-card-services').click();
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('services-category-restaurant')).toBeVisible();
  // The panel's code is the new build's: the old build's was held, then missing.
  const panelScripts = scripts.filter((s) => s.url.includes('/services-panel-'));
  for (const s of panelScripts) {
    const name = new URL(s.url).pathname.slice('/assets/'.length);
    expect(s.status === 200 ? !before.has(name) : before.has(name), `${s.status} ${name}`).toBe(true);
  }
  expect(panelScripts.some((s) => s.status === 200)).toBe(true);
  expect(held.every((path) => missing.includes(path))).toBe(true);
  // No loop: the one reload (and at most the tap's own navigation), then no more.
  expect(settled).toBeLessThanOrEqual(loadsBefore + 2);
  await page.waitForTimeout(1_500);
  expect(loads).toBe(settled);
});
