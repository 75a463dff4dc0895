import type { Env } from '../../platform/env';
import { pushAllHotels } from './push';
import { settleOpenTransfers } from './points';

/** Every minute (wrangler.toml): the chain's share of the minute cron. */
const MINUTE_CRON = '* * * * *';

/**
 * The chain's own work on the cron (docs/decisions/103): every minute, each hotel's outbox pushed
 * (accounts, closed days; a hotel that fails is named and stops no other), and the points transfers
 * left in the middle settled.
 */
export function runChainCrons(controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  if (!env.CHAIN_DB || controller.cron !== MINUTE_CRON) return;
  ctx.waitUntil(
    (async () => {
      const pushed = await pushAllHotels(env);
      const settled = await settleOpenTransfers(env, controller.scheduledTime);
      console.log(JSON.stringify({ msg: 'chain', pushed, settled }));
    })().catch((err: unknown) =>
      console.log(JSON.stringify({ msg: 'chain-cron-failed', error: String(err) })),
    ),
  );
}
