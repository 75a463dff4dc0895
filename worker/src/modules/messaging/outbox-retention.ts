import { and, inArray, lt } from 'drizzle-orm';
import { emailOutbox } from './email-outbox-tables';
import { pushOutbox } from './push-tables';
import type { Db } from '../../platform/env';

/**
 * The daily clean-up's part of messaging (worker/src/cleanup.ts): push messages and e-mails sent or
 * given up before `before` go (an e-mail's address goes with it, as the privacy page says,
 * features/privacy). Messages still waiting stay.
 *
 * @example await purgeSettledOutboxes(db, new Date(now - IDEMPOTENCY_TTL));
 */
export async function purgeSettledOutboxes(db: Db, before: Date): Promise<void> {
  await db
    .delete(pushOutbox)
    .where(and(inArray(pushOutbox.state, ['sent', 'failed']), lt(pushOutbox.createdAt, before)));
  await db
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, ['sent', 'failed']), lt(emailOutbox.createdAt, before)));
}
