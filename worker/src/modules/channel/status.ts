import { count, eq } from 'drizzle-orm';
import type { ChannelStatus } from '@shared/channel-schemas';
import type { SessionUser } from '@shared/auth-schemas';
import { audit } from '../../platform/audit';
import type { Db, Env } from '../../platform/env';
import { channelAdapter, configuredChannel, missingChannexSettings } from './channel-config';
import { queueEverythingStatements } from './mappings';
import { flaggedRevisions } from './revisions';
import { channelOutbox, channelState } from './tables';

/** The link as staff see it (GET /api/admin/channel), in one batch and the flagged revisions' read. */
export async function channelStatus(env: Env, db: Db, origin: string): Promise<ChannelStatus> {
  const [[state], [depth]] = await db.batch([
    db.select().from(channelState).where(eq(channelState.id, 1)),
    db.select({ n: count() }).from(channelOutbox),
  ]);
  const provider = configuredChannel(env);
  const configured = channelAdapter(env, origin) !== null;
  const enabled = state?.enabled ?? false;
  const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
  return {
    provider,
    enabled,
    connected: configured && enabled && (state?.backoffAttempts ?? 0) === 0,
    lastPushAt: iso(state?.lastPushAt),
    lastPullAt: iso(state?.lastPullAt),
    outboxDepth: depth?.n ?? 0,
    backoffUntil: state && state.backoffUntil > Date.now() ? iso(state.backoffUntil) : null,
    missingSettings: provider === 'channex' ? missingChannexSettings(env) : [],
    errors: (state?.errors ?? []).map((e) => ({
      at: new Date(e.at).toISOString(),
      message: e.message,
      ...(e.code && { code: e.code as ChannelStatus['errors'][number]['code'] }),
    })),
    flagged: await flaggedRevisions(db),
  };
}

/**
 * Switches the link on or off (admins), with its audit line, in one batch. Off keeps the outbox
 * filling; on again, the sender sends what it holds (the newest values). Switching on also ends a
 * backoff, so an admin can retry at once.
 */
export async function setChannelEnabled(db: Db, actor: SessionUser, enabled: boolean): Promise<void> {
  const [before] = await db.select({ enabled: channelState.enabled }).from(channelState);
  await db.batch([
    db
      .update(channelState)
      .set({ enabled, ...(enabled && { backoffUntil: 0, backoffAttempts: 0 }) })
      .where(eq(channelState.id, 1)),
    audit(db, actor, 'channel.setting', 'channel', 1, before ?? null, { enabled }),
  ]);
}

/** Queues every night of the horizon (500 days) of every mapped type and plan, with its audit line. */
export async function queueFullSync(db: Db, actor: SessionUser): Promise<void> {
  const [availability, restrictions] = queueEverythingStatements(db);
  await db.batch([
    availability!,
    restrictions!,
    audit(db, actor, 'channel.full_sync', 'channel', 1, null, null),
  ]);
}
