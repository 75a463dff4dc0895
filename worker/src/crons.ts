import { drizzle } from 'drizzle-orm/d1';
import { cleanUp } from './cleanup';
import { expireStalePending, pendingHoldMs } from './modules/bookings';
import { runChannelMinute } from './modules/channel';
import { runIntegrityCheck } from './modules/operations';
import { closeDueDays } from './modules/day-close';
import { expireExtraRequests } from './modules/extras';
import { settleOpenSessions } from './modules/payments';
import { runRevenueMinute } from './modules/revenue';
import type { AppEnv } from './platform/env';
import { deliverNotifications } from './platform/notify';
import { runChainCrons } from './modules/chain';
import { activeHotelEnvs } from './platform/hotels';

/** The daily clean-up's schedule (wrangler.toml [triggers]); the other ones are hourly and every 5 minutes. */
const DAILY_CRON = '17 23 * * *';
/** 03:00 Asia/Muscat: the day close of the day before, if nobody closed it (modules/day-close). */
const DAY_CLOSE_CRON = '0 23 * * *';
/** Every 5 minutes: the notifications whose sending failed are tried again (modules/messaging/email-outbox.ts backoff). */
const DELIVERY_CRON = '*/5 * * * *';
/**
 * Every minute: the channel manager is sent what the outbox holds and its booking feed is read
 * (modules/channel); the revenue history's imports go on and the closes' books reach the forecast (modules/revenue).
 */
const CHANNEL_CRON = '* * * * *';

/**
 * wrangler.toml [triggers]: every hour, pending requests past their hold time are
 * released; once a day, abandoned uploads and old idempotency answers are removed; every
 * five minutes (and after each of those), due notifications are sent (platform/notify.ts).
 */
export async function runScheduled(
  controller: ScheduledController,
  env: AppEnv['Bindings'],
  ctx: ExecutionContext,
) {
  const db = drizzle(env.DB);
  if (controller.cron === CHANNEL_CRON) {
    runChannelMinute(env, db, ctx);
    // The history imports' next chunks and the closes' books into the forecast's curves (modules/revenue).
    runRevenueMinute(env, db, ctx);
    return;
  }
  // The hourly and daily runs release stale pending requests (which queues their e-mails);
  // every run then sends what is due.
  const expiry =
    controller.cron === DELIVERY_CRON
      ? Promise.resolve()
      : expireStalePending(db, pendingHoldMs(env))
          .then((r) => console.log(JSON.stringify({ msg: 'pending-expiry', ...r })))
          // Requests for extras nobody answered by the stay's arrival (modules/extras).
          .then(() => expireExtraRequests(db, new Date(controller.scheduledTime)))
          .then((r) => console.log(JSON.stringify({ msg: 'extra-requests-expiry', ...r })));
  ctx.waitUntil(
    (async () => {
      try {
        await expiry;
      } finally {
        await deliverNotifications(env, db);
      }
    })(),
  );
  // Checkouts left open past their time are asked about and settled (modules/payments).
  if (controller.cron === DELIVERY_CRON) {
    ctx.waitUntil(
      settleOpenSessions(env, db, new Date(controller.scheduledTime), ctx).then(
        (r) => console.log(JSON.stringify({ msg: 'payment-sessions', ...r })),
        (err: unknown) => console.log(JSON.stringify({ msg: 'payment-sessions-failed', error: String(err) })),
      ),
    );
  }
  if (controller.cron === DAY_CLOSE_CRON) {
    ctx.waitUntil(
      closeDueDays(db, new Date(controller.scheduledTime)).then(
        (r) => console.log(JSON.stringify({ msg: 'day-close', ...r })),
        // The next run tries again (it closes every day left open, oldest first).
        (err: unknown) => console.log(JSON.stringify({ msg: 'day-close-failed', error: String(err) })),
      ),
    );
  }
  if (controller.cron === DAILY_CRON) {
    ctx.waitUntil(cleanUp(env).then((r) => console.log(JSON.stringify({ msg: 'cleanup', ...r }))));
    ctx.waitUntil(
      runIntegrityCheck(env, db, 'cron').then((r) =>
        console.log(JSON.stringify({ msg: 'integrity', violations: r.violationCount })),
      ),
    );
  }
}

/**
 * wrangler.toml [triggers] for the chain: each active hotel's crons (runScheduled) with its own env
 * (platform/hotels.ts; docs/decisions/103), one hotel's failure stopping no other; then the chain's.
 */
export async function runChainScheduled(
  controller: ScheduledController,
  env: AppEnv['Bindings'],
  ctx: ExecutionContext,
) {
  for (const { hotel, env: hotelEnv } of await activeHotelEnvs(env)) {
    try {
      await runScheduled(controller, hotelEnv, ctx);
    } catch (err) {
      console.log(JSON.stringify({ msg: 'hotel-cron-failed', hotel: hotel.code, error: String(err) }));
    }
  }
  runChainCrons(controller, env, ctx);
}
