import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/api-error';
import type { AppEnv, Db, Env } from '../../../platform/env';
import { channelAdapter } from '../channel-config';
import type { ExecutionContext as WorkContext } from 'hono';
import { pollRevisionFeed, receiveRevisionIds } from '../revisions';
import { channelState } from '../tables';

/** Whether an admin left the link on (channel_state; off: revisions wait in the provider's feed). */
async function linkEnabled(db: Db): Promise<boolean> {
  const row = await db
    .select({ enabled: channelState.enabled })
    .from(channelState)
    .where(eq(channelState.id, 1))
    .get();
  return row?.enabled ?? true;
}

/**
 * POST /api/channel/webhooks/channex: the channel manager says booking revisions are waiting. The
 * adapter checks the webhook's secret first (401 `channel_webhook_refused` otherwise) and names the
 * revisions (Channex names one only when the webhook was created with `send_data: true`); each is
 * read from the provider by its id (never from the body), applied once and acknowledged
 * (modules/channel/revisions.ts). A webhook that names none has the feed read at once. The answer
 * is 200 `{received: true}` whatever came of them: one that failed stays in the feed, which the
 * cron reads each minute. 404 while no channel manager is configured. With the link switched off,
 * nothing is applied: the revisions stay unacknowledged in the provider's feed until it is on again.
 */
export const channelWebhookRoutes = new Hono<AppEnv>().post('/channex', async (c) => {
  const db = c.get('db');
  const adapter = channelAdapter(c.env, new URL(c.req.url).origin, { ctx: c.executionCtx });
  if (!adapter) throw new ApiError(404, 'route_not_found');
  const ids = await adapter.verifyWebhook(c.req.raw);
  c.header('Cache-Control', 'no-store');
  if (ids === null) throw new ApiError(401, 'channel_webhook_refused');
  if (!(await linkEnabled(db))) return c.json({ received: true, applied: 0 });
  const applied = await receiveRevisionIds(db, adapter, ids);
  return c.json({ received: true, applied: applied.length });
});

/**
 * The feed poll, from the cron each minute (worker/src/index.ts): every revision the provider
 * still offers, applied once and acknowledged. Nothing while the link is off or not configured.
 */
export async function pollChannelFeed(env: Env, db: Db, origin: string, ctx?: WorkContext) {
  const adapter = channelAdapter(env, origin, { ctx });
  if (!adapter || !(await linkEnabled(db))) return { applied: 0 };
  const applied = await pollRevisionFeed(db, adapter);
  return { applied: applied.length };
}
