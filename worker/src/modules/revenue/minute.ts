import type { Db, Env } from '../../platform/env';
import { r2Source, runHistoryImports } from './history-import';
import { foldOwnBooks } from './own-books';
import { runAutopilot } from './apply-suggestions';

/** What the revenue module's work in the background may wait on (the scheduled handler's context). */
type WorkContext = { waitUntil(promise: Promise<unknown>): void };

/**
 * The minute cron's revenue work (docs/decisions/094, 101): the history imports' next chunks, then
 * the hotel's own books of the closes stored since the last run folded into the nights' curves,
 * then, once per close folded and when it is on, the price autopilot. Each logs what it did and
 * never throws (the next minute tries again).
 */
export function runRevenueMinute(env: Env, db: Db, ctx: WorkContext): void {
  ctx.waitUntil(
    (async () => {
      try {
        const imports = await runHistoryImports(db, r2Source(env.IMAGES));
        if (imports.chunks + imports.slices > 0)
          console.log(JSON.stringify({ msg: 'revenue-imports', ...imports }));
      } catch (err) {
        console.log(JSON.stringify({ msg: 'revenue-imports-failed', error: String(err) }));
      }
      try {
        const own = await foldOwnBooks(db);
        if (own.rebuilt || own.folded.length)
          console.log(JSON.stringify({ msg: 'revenue-own-books', ...own }));
      } catch (err) {
        console.log(JSON.stringify({ msg: 'revenue-own-books-failed', error: String(err) }));
      }
      try {
        const run = await runAutopilot(db);
        if (run) console.log(JSON.stringify({ msg: 'revenue-autopilot', ...run }));
      } catch (err) {
        console.log(JSON.stringify({ msg: 'revenue-autopilot-failed', error: String(err) }));
      }
    })(),
  );
}
