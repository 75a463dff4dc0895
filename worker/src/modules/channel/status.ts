import { count, desc, eq } from 'drizzle-orm';
import type { ChannelErrorCode, ChannelRejectedValues, ChannelStatus } from '@shared/channel-schemas';
import { addDays } from '@shared/dates';
import type { SessionUser } from '@shared/auth-schemas';
import { audit } from '../../platform/audit';
import type { Db, Env } from '../../platform/env';
import { channelAdapter, configuredChannel, missingSettings } from './channel-config';
import { queueEverythingStatements } from './mappings';
import { flaggedRevisions } from './revisions';
import { channelOutbox, channelPushes, channelRejected, channelState } from './tables';

/** Rejected nights read for the screen at most (a whole horizon of one plan is 500). */
const REJECTED_READ = 1000;
/** Pushes shown. */
const PUSHES_SHOWN = 10;

/** The link as staff see it (GET /api/admin/channel), in one batch and the flagged revisions' read. */
export async function channelStatus(env: Env, db: Db, origin: string): Promise<ChannelStatus> {
  const [[state], [depth], rejected, pushes] = await db.batch([
    db.select().from(channelState).where(eq(channelState.id, 1)),
    db.select({ n: count() }).from(channelOutbox),
    db.select().from(channelRejected).limit(REJECTED_READ),
    db.select().from(channelPushes).orderBy(desc(channelPushes.id)).limit(PUSHES_SHOWN),
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
    missingSettings: missingSettings(env),
    errors: [
      ...rejectedRuns(rejected),
      ...(state?.errors ?? []).map((e) => ({
        at: new Date(e.at).toISOString(),
        message: e.message,
        ...(e.code && { code: e.code as ChannelErrorCode }),
      })),
    ],
    pushes: pushes.map((p) => ({
      at: new Date(p.at).toISOString(),
      kind: p.kind,
      full: p.full,
      values: p.valuesCount,
      bytes: p.bytes,
      outcome: p.outcome,
      warnings: p.warnings,
      status: p.status,
      requestId: p.requestId,
      taskIds: p.taskIds,
    })),
    flagged: await flaggedRevisions(db),
  };
}

/**
 * The rejected nights as errors: runs of consecutive nights of one type and plan refused for the
 * same reasons, each naming them (`rejected`) and Channex's words (`message`), newest first.
 */
function rejectedRuns(rows: (typeof channelRejected.$inferSelect)[]): ChannelStatus['errors'] {
  const sorted = [...rows].sort(
    (a, b) =>
      a.kind.localeCompare(b.kind) ||
      a.roomType.localeCompare(b.roomType) ||
      a.ratePlan.localeCompare(b.ratePlan) ||
      a.night.localeCompare(b.night),
  );
  const runs: (ChannelRejectedValues & { at: number; reasons: string })[] = [];
  for (const row of sorted) {
    const reasons = JSON.stringify(row.reasons);
    const last = runs[runs.length - 1];
    if (
      last &&
      last.kind === row.kind &&
      last.roomType === row.roomType &&
      last.ratePlan === (row.ratePlan || null) &&
      last.reasons === reasons &&
      addDays(last.to, 1) === row.night
    ) {
      last.to = row.night;
      last.at = Math.max(last.at, row.at);
      continue;
    }
    runs.push({
      kind: row.kind,
      roomType: row.roomType,
      ratePlan: row.ratePlan || null,
      from: row.night,
      to: row.night,
      fields: Object.keys(row.reasons),
      at: row.at,
      reasons,
    });
  }
  return runs
    .sort((a, b) => b.at - a.at)
    .map(({ at, reasons, ...rejected }) => ({
      at: new Date(at).toISOString(),
      code: 'values_rejected' as const,
      message: Object.entries(JSON.parse(reasons) as Record<string, string[]>)
        .map(([field, words]) => `${field}: ${words.join(', ')}`)
        .join('; ')
        .slice(0, 300),
      rejected,
    }));
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
