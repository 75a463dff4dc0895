import type { NotifyChannel } from '../../platform/notify';
import { invoiceCancellationCharges } from './cancellation';
import { sendDueRefunds } from './refunds';

/**
 * The refunds' and the cancellation charges' delivery, as a notification channel
 * (platform/notify.ts): it queues nothing, and its `deliver` runs after every successful write
 * and from the five-minute cron, which is exactly when a queued refund is due to be sent
 * (refunds.ts) and a cancellation charge's invoice due to be issued (cancellation.ts). One read
 * each when there is nothing to do.
 */
export const refundChannel: NotifyChannel = {
  queue: () => [],
  deliver: async (env, db) => {
    const log = (msg: string) => (err: unknown) => console.log(JSON.stringify({ msg, error: String(err) }));
    await Promise.all([
      // No provider configured (503 payments_unavailable): nothing can be sent; the refunds wait.
      sendDueRefunds(env, db).catch(log('refunds-delivery-failed')),
      invoiceCancellationCharges(db).catch(log('cancellation-invoice-failed')),
    ]);
  },
};
