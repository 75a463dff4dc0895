import { and, eq, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { WHATSAPP_MEDIA_MAX_BYTES, type WhatsAppMediaKind } from '@shared/whatsapp';
import type { Db, Env } from '../../platform/env';
import { downloadMedia, GraphError } from './cloud-api';
import type { WhatsAppSettings } from './config';
import { whatsappMessages } from './tables';
import { threads } from './threads-port';

/**
 * A guest's media, fetched after their message is kept (inbound.ts keeps it `pending`): by its id,
 * then its URL (cloud-api.ts downloadMedia), into R2 once (`whatsapp/<uuid>`), the thread's copy
 * told in the same batch. Each fetch claims its message first (`media_claim`, and `media_next_at`
 * moved to the next try), so the webhook's own try and the cron's never fetch one medium twice,
 * and a stored one is never fetched again. A medium that cannot be had for good (Meta's 404 or
 * 400: gone or expired; larger than Meta's limit for its type; tried for seven days) is recorded
 * `failed` with why, its message kept; any other failure is tried again later (1 min, 5 min,
 * 30 min, 2 h, 6 h, then every 12 h), never by refusing the webhook.
 */

/** Meta keeps a webhook's media for seven days ("Media IDs in webhooks expire after 7 days"). */
const MEDIA_KEPT_MS = 7 * 24 * 3600_000;
const RETRY_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000, 12 * 3600_000];
/** Media fetched per run of the cron (each one at most Meta's 100 MB document). */
const DUE_PER_RUN = 5;

/** For good: gone or expired (404, 400), refused as too large (413); else worth another try. */
const forGood = (err: GraphError) => err.status === 404 || err.status === 400 || err.status === 413;

/**
 * Fetches the pending media of these messages (the webhook, after its commit), or, without
 * `wamids`, those due (the cron). Answers the wamids whose medium was stored or given up (the
 * live inbox is told of them).
 */
export async function fetchMedia(
  env: Env,
  db: Db,
  settings: WhatsAppSettings,
  now: Date,
  wamids?: string[],
): Promise<string[]> {
  const token = crypto.randomUUID();
  const which = wamids
    ? sql`${whatsappMessages.wamid} in (select value from json_each(${JSON.stringify(wamids)}))`
    : sql`${whatsappMessages.id} in (select id from whatsapp_messages where media_state = 'pending'
        and media_next_at <= ${now.getTime()} order by media_next_at limit ${DUE_PER_RUN})`;
  const claimed = await db
    .update(whatsappMessages)
    .set({
      mediaClaim: token,
      mediaAttempts: sql`${whatsappMessages.mediaAttempts} + 1`,
      mediaNextAt: sql`${now.getTime()} + (case ${whatsappMessages.mediaAttempts}
        ${sql.join(
          RETRY_MS.map((ms, i) => sql`when ${i} then ${ms}`),
          sql` `,
        )} else ${RETRY_MS.at(-1)!} end)`,
    })
    .where(
      and(
        which,
        eq(whatsappMessages.mediaState, 'pending'),
        lte(whatsappMessages.mediaNextAt, now),
        sql`${whatsappMessages.mediaId} is not null`,
      ),
    )
    .returning({
      wamid: whatsappMessages.wamid,
      mediaId: whatsappMessages.mediaId,
      kind: whatsappMessages.kind,
      mediaType: whatsappMessages.mediaType,
      attempts: whatsappMessages.mediaAttempts,
      createdAt: whatsappMessages.createdAt,
    });
  const done: string[] = [];
  for (const row of claimed) {
    const outcome = await fetchOne(env, settings, row, now);
    const wamid = row.wamid!;
    const mine = and(eq(whatsappMessages.wamid, wamid), eq(whatsappMessages.mediaClaim, token));
    let statements: BatchItem<'sqlite'>[];
    if ('key' in outcome) {
      statements = [
        db
          .update(whatsappMessages)
          .set({ mediaState: 'stored', mediaKey: outcome.key, mediaType: outcome.type, mediaClaim: null })
          .where(mine),
        ...threads().media(db, wamid, outcome),
      ];
    } else if (outcome.forGood) {
      statements = [
        db
          .update(whatsappMessages)
          .set({ mediaState: 'failed', mediaError: outcome.error, mediaClaim: null, mediaNextAt: null })
          .where(mine),
        ...threads().media(db, wamid, { error: outcome.error }),
      ];
    } else {
      // Tried again at `media_next_at` (set by the claim).
      statements = [
        db.update(whatsappMessages).set({ mediaError: outcome.error, mediaClaim: null }).where(mine),
      ];
    }
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    if ('key' in outcome || outcome.forGood) done.push(wamid);
    console.log(
      JSON.stringify({
        msg: 'whatsapp-media',
        wamid,
        outcome: 'key' in outcome ? 'stored' : outcome.forGood ? 'failed' : 'retry',
        ...('error' in outcome ? { error: outcome.error } : {}),
      }),
    );
  }
  return done;
}

type Claimed = {
  mediaId: string | null;
  kind: string;
  mediaType: string | null;
  attempts: number;
  createdAt: Date;
};

async function fetchOne(
  env: Env,
  settings: WhatsAppSettings,
  row: Claimed,
  now: Date,
): Promise<{ key: string; type: string } | { error: string; forGood: boolean }> {
  const max = WHATSAPP_MEDIA_MAX_BYTES[row.kind as WhatsAppMediaKind] ?? WHATSAPP_MEDIA_MAX_BYTES.document;
  // Past Meta's seven days the id no longer answers: the last try is the last.
  const last = now.getTime() - row.createdAt.getTime() >= MEDIA_KEPT_MS;
  try {
    const medium = await downloadMedia(env, settings, row.mediaId!, max);
    const type = row.mediaType || medium.mimeType || 'application/octet-stream';
    const key = `whatsapp/${crypto.randomUUID()}`;
    await env.IMAGES.put(key, medium.body, { httpMetadata: { contentType: type } });
    return { key, type };
  } catch (err) {
    const graph = err instanceof GraphError ? err : null;
    const error = (graph ? graph.title : String(err)).slice(0, 300);
    return { error, forGood: last || (graph !== null && forGood(graph)) };
  }
}
