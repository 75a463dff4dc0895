// The crons of wrangler.toml, run locally at their times as Cloudflare runs them in production.
//
// wrangler says it at start: "Scheduled Workers are not automatically triggered during local
// development". Its local scheduled endpoint is the way in: `wrangler dev --test-scheduled` answers
// `GET /__scheduled?cron=<expression>` by running the worker's `scheduled` handler with that cron
// (wrangler's templates/middleware/middleware-scheduled.ts). This clock calls it at each cron's
// times, in UTC as Cloudflare reads cron expressions; croner computes the times (decision 083).
// `npm start` and `npm run dev` run it beside their server, so the day close, the outbox retries,
// the channel's sender and feed, the snapshots and the releases happen in the demo by themselves.
import { Cron } from 'croner';
import { unstable_readConfig } from 'wrangler';

/** The cron expressions of wrangler.toml's `[triggers]`, as wrangler reads them. */
export function wranglerCrons(config = 'wrangler.toml') {
  return unstable_readConfig({ config }).triggers?.crons ?? [];
}

/**
 * Calls `origin`'s scheduled endpoint with each cron at that cron's times, from now until stop().
 * `pattern` gives the times a cron is run at (by default the cron's own; a test may run one more
 * often). A run still going when the next is due is skipped (croner's `protect`), as a slow one is
 * on Cloudflare. Failures are logged, never thrown: the next run tries again.
 *
 * @param {{ origin: string, crons?: string[], pattern?: (cron: string) => string,
 *   log?: (line: string) => void, fetch?: typeof globalThis.fetch }} options
 */
export function startLocalCrons({
  origin,
  crons = wranglerCrons(),
  pattern = (cron) => cron,
  log = (line) => console.log(line),
  fetch = globalThis.fetch,
}) {
  const jobs = crons.map(
    (cron) =>
      new Cron(pattern(cron), { timezone: 'UTC', protect: true }, async () => {
        try {
          const res = await fetch(`${origin}/__scheduled?cron=${encodeURIComponent(cron)}`);
          await res.arrayBuffer();
          if (!res.ok) log(`Cron "${cron}": the local scheduled endpoint answered ${res.status}.`);
        } catch (err) {
          log(`Cron "${cron}" could not reach ${origin}: ${err?.message ?? err}`);
        }
      }),
  );
  return {
    /** Each cron's next run, for the line said at start. */
    next: () => jobs.map((job, i) => ({ cron: crons[i], at: job.nextRun() })),
    stop: () => jobs.forEach((job) => job.stop()),
  };
}

/**
 * Resolves once `origin` answers any request (the server is up), polling every half second;
 * rejects after `timeoutMs`.
 */
export async function whenAnswering(origin, timeoutMs = 120_000, fetch = globalThis.fetch) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${origin}/api/rate-plans`);
      await res.arrayBuffer();
      return;
    } catch (err) {
      if (Date.now() > until) throw new Error(`${origin} did not answer: ${err?.message ?? err}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The line `npm start` says: which crons run, and when each runs next (UTC). */
export function cronsLine(next) {
  const at = (date) => (date ? `${date.toISOString().slice(11, 16)} UTC` : 'never');
  return `The crons of wrangler.toml run here at their times, as in production (the local scheduled endpoint, --test-scheduled): ${next
    .map((n) => `"${n.cron}" next at ${at(n.at)}`)
    .join(', ')}.`;
}
