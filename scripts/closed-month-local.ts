/**
 * `npm start`'s closed month (worker/src/seed/closed-month.ts), run in the local runtime that
 * scripts/seed-local.ts already has open: the seed's worker (worker/src/seed/closed-month-worker.ts)
 * bundled by wrangler's esbuild (as wrangler bundles the app: the worker's tsconfig gives the `@shared` paths)
 * and run once, on the same D1. A month of stays, postings and day closes is about 2,000 statements:
 * from Node each was a round trip into the runtime (about 80 s on the 2-core machine under load),
 * inside it a call. Asked first, from Node, whether the month is due (two reads), so a start with
 * the month seeded already bundles nothing.
 */
import { createRequire } from 'node:module';
import { drizzle } from 'drizzle-orm/d1';
import type { Miniflare } from 'miniflare';
import { closedMonthDue } from '../worker/src/seed/closed-month-due';

type Runtime = {
  mf: Miniflare;
  /** The runtime's options as seed-local.ts made them (its D1, persistence, compatibility date). */
  options: (script: string) => Parameters<Miniflare['setOptions']>[0];
};

/** Seeds the closed month if it is due; answers the days it closed. */
export async function seedClosedMonthLocally({ mf, options }: Runtime): Promise<string[]> {
  if (!(await closedMonthDue(drizzle(await mf.getD1Database('DB'))))) return [];
  // wrangler's own esbuild (the one that bundles the app; not a dependency of the project's own).
  const { build } = createRequire(createRequire(import.meta.url).resolve('wrangler'))(
    'esbuild',
  ) as typeof import('esbuild');
  const bundle = await build({
    entryPoints: ['worker/src/seed/closed-month-worker.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    tsconfig: 'worker/tsconfig.json',
    logLevel: 'error',
  });
  await mf.setOptions(options(bundle.outputFiles[0]!.text));
  const answer = await mf.dispatchFetch('http://local/');
  if (!answer.ok) throw new Error(`the closed month's seed failed: ${await answer.text()}`);
  const { days } = (await answer.json()) as { days: string[] };
  if (days.length > 0) console.log(`Seeded ${days[0]} to ${days.at(-1)} as closed business days.`);
  return days;
}
