import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

/**
 * Browser contexts kept warm across the journeys of one Playwright worker. A journey's context,
 * and every context it opens with `browser.newContext()`, is one an earlier journey used with the
 * same options, emptied (no page, no cookie, no stored data of the app's origins), its HTTP cache
 * and compiled scripts kept. A fresh context downloads and compiles the app's scripts again at its
 * first page load, about half of that load's CPU time on the 2-core machine (e2e/TIMINGS.md,
 * "Warm contexts"); a returning guest's phone has them cached too.
 *
 * What a journey changes on a context that emptying does not undo (an init script, a listener, a
 * route, a permission, an exposed function, the clock) makes it dirty: it is closed when the
 * journey is done with it and never handed out again. Going offline is undone. A journey that runs
 * again after failing, and a context that lets service workers in, get a context of their own as
 * Playwright gives by default; so does every journey with E2E_FRESH_CONTEXTS=1.
 */

/** The context methods whose effect outlives the journey that called them. */
const LASTING = [
  'addInitScript',
  'on',
  'once',
  'addListener',
  'prependListener',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'exposeBinding',
  'exposeFunction',
  'grantPermissions',
  'setGeolocation',
  'setHTTPCredentials',
] as const;
/** The clock's calls (a context's pages share its clock): each changes the time later pages see. */
const CLOCK = [
  'install',
  'fastForward',
  'runFor',
  'pauseAt',
  'resume',
  'setFixedTime',
  'setSystemTime',
] as const;

type Lent = { key: string; dirty: boolean; restore: () => void };
type Close = BrowserContext['close'];

/** Idle warm contexts of this worker, by their options (all but the extra headers). */
const idle = new Map<string, BrowserContext[]>();
/** The contexts a journey holds now. */
const lent = new Map<BrowserContext, Lent>();

export function warmContextsOff(options: BrowserContextOptions, retry: number): boolean {
  return !!process.env.E2E_FRESH_CONTEXTS || retry > 0 || options.serviceWorkers === 'allow';
}

/** Wraps each of `names` on `target` so that calling it marks `lease` dirty. */
function watch(target: Record<string, unknown>, names: readonly string[], lease: Lent): () => void {
  const originals = names.map((name) => [name, target[name]] as const);
  for (const [name, original] of originals) {
    target[name] = function (...args: unknown[]) {
      lease.dirty = true;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
  return () => {
    for (const [name, original] of originals) target[name] = original;
  };
}

/**
 * A warm context for `options` (the journey's context options with what the caller asked for),
 * made by `create` when none is idle, with the journey's extra headers. Its `close()` gives it
 * back (`origins`: where journeys keep data, the app's origin and the test issuer's).
 */
async function lendContext(
  options: BrowserContextOptions,
  create: () => Promise<BrowserContext>,
  origins: string[],
): Promise<BrowserContext> {
  const { extraHTTPHeaders, ...rest } = options;
  const key = JSON.stringify(rest);
  const context = idle.get(key)?.pop() ?? (await create());
  await context.setExtraHTTPHeaders(extraHTTPHeaders ?? {});
  const lease: Lent = { key, dirty: false, restore: () => undefined };
  const unwatchContext = watch(context as unknown as Record<string, unknown>, LASTING, lease);
  const unwatchClock = watch(context.clock as unknown as Record<string, unknown>, CLOCK, lease);
  const close: Close = context.close;
  context.close = () => giveBack(context, origins);
  lease.restore = () => {
    unwatchContext();
    unwatchClock();
    context.close = close;
  };
  lent.set(context, lease);
  return context;
}

/** Gives a lent context back (its own `close()` is back too): emptied for the next journey, or closed if it is dirty. */
async function giveBack(context: BrowserContext, origins: string[]): Promise<void> {
  const lease = lent.get(context);
  if (!lease) return;
  lent.delete(context);
  lease.restore();
  if (lease.dirty) {
    await context.close().catch(() => undefined);
    return;
  }
  try {
    await context.setOffline(false);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // The stored data of the journeys' origins (cookies, local storage, IndexedDB, cache storage),
    // through one page of the context; then no page is left.
    const page = context.pages()[0] ?? (await context.newPage());
    for (const other of context.pages()) if (other !== page) await other.close();
    const cdp = await context.newCDPSession(page);
    for (const origin of origins)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.detach();
    await page.close();
    await context.clearCookies();
    await context.clearPermissions();
  } catch {
    // Closed by the journey, or not emptied: never handed out again.
    await context.close().catch(() => undefined);
    return;
  }
  idle.set(lease.key, [...(idle.get(lease.key) ?? []), context]);
}

/** Every context still lent (a journey's own `browser.newContext()` it did not close), given back. */
export async function giveBackAll(origins: string[]): Promise<void> {
  for (const context of [...lent.keys()]) await giveBack(context, origins);
}

/** `browser.newContext` as Playwright made it, while lendOnNewContext has replaced it. */
const unlent = new WeakMap<Browser, Browser['newContext']>();

/**
 * A context never used before, whatever warm contexts do: a new visitor, who has no answer of the
 * API in their HTTP cache (the reviews and the assistant's answers may be kept 30 s, the VIP
 * cards 60 s).
 */
export function freshContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return (unlent.get(browser) ?? browser.newContext.bind(browser))(options);
}

/**
 * While a journey runs, `browser.newContext(options)` lends a warm context (its `close()` gives it
 * back) unless warm contexts are off for those options; answers how to undo that.
 */
export function lendOnNewContext(
  browser: Browser,
  journeyOptions: BrowserContextOptions,
  retry: number,
  origins: string[],
): () => void {
  const newContext = browser.newContext.bind(browser);
  unlent.set(browser, newContext);
  browser.newContext = async (options: BrowserContextOptions = {}) => {
    const merged = { ...journeyOptions, ...options };
    if (warmContextsOff(merged, retry)) return newContext(options);
    return lendContext(merged, () => newContext(options), origins);
  };
  return () => {
    browser.newContext = newContext;
    unlent.delete(browser);
  };
}
