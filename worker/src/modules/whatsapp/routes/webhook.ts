import { Hono } from 'hono';
import type { AppEnv, Db, Env } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { whatsappSettings, type WhatsAppSettings } from '../config';
import { applyWebhook } from '../inbound';
import { fetchMedia } from '../media';
import { signatureHolds } from '../signature';
import { threads } from '../threads-port';
import { envelopeSchema, readWebhook } from '../webhook-reading';

/**
 * Meta's webhook for the WhatsApp Business Account (fake/README.md quotes its documents):
 * - GET: the verification handshake: `hub.mode=subscribe` with `hub.verify_token` equal to ours
 *   answers `hub.challenge` as text; anything else 403.
 * - POST: a body up to 3 MB (its own limit, platform/request.ts, checked before anything is read);
 *   `X-Hub-Signature-256` checked over the raw bytes first (unsigned or wrong: 401, nothing read or
 *   stored); a body that is not Meta's envelope at all: 400. Then every item on its own
 *   (webhook-reading.ts): a change for another of the account's numbers, a message or status that
 *   cannot be read, is named in the log and left out, the rest kept (inbound.ts) and answered 200,
 *   so Meta never retries, then drops, a whole delivery for one item. After the commit the open
 *   inboxes are told (the conversations' Durable Object), then the media are fetched (media.ts)
 *   and the inboxes told again; a medium that cannot be fetched is tried again later or recorded
 *   as failed, never by answering anything but 200.
 * 404 while WhatsApp is off.
 */
export const whatsappWebhookRoutes = new Hono<AppEnv>()
  .get('/webhook', (c) => {
    const settings = whatsappSettings(c.env);
    if (!settings) throw new ApiError(404, 'route_not_found');
    const mode = c.req.query('hub.mode');
    const token = c.req.query('hub.verify_token') ?? '';
    const challenge = c.req.query('hub.challenge') ?? '';
    c.header('Cache-Control', 'no-store');
    if (mode !== 'subscribe' || !challenge || !sameText(token, settings.verifyToken)) {
      throw new ApiError(403, 'whatsapp_webhook_refused');
    }
    return c.text(challenge);
  })
  .post('/webhook', async (c) => {
    const settings = whatsappSettings(c.env);
    if (!settings) throw new ApiError(404, 'route_not_found');
    c.header('Cache-Control', 'no-store');
    const raw = await c.req.arrayBuffer();
    if (!(await signatureHolds(settings.appSecret, raw, c.req.header('x-hub-signature-256')))) {
      throw new ApiError(401, 'whatsapp_webhook_refused');
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(raw));
    } catch {
      throw new ApiError(400, 'invalid_json');
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) throw new ApiError(400, 'whatsapp_webhook_malformed');
    const read = readWebhook(envelope.data, settings.phoneNumberId);
    if (read.skipped.length) {
      console.log(JSON.stringify({ msg: 'whatsapp-webhook-skipped', items: read.skipped.slice(0, 50) }));
    }
    const db = c.get('db');
    const applied = await applyWebhook(db, read, new Date());
    // Only what this request kept: a copy of the delivery arriving at once tells nobody again.
    const told = [...applied.kept, ...applied.moved];
    if (told.length || applied.media.length) {
      c.executionCtx.waitUntil(afterCommit(c.env, db, settings, told, applied.media));
    }
    return c.json({
      received: true,
      messages: applied.messages,
      statuses: applied.statuses,
      skipped: read.skipped.length,
    });
  });

/** The live inbox first (within a second of the commit), then the media, then the inbox again. */
async function afterCommit(env: Env, db: Db, settings: WhatsAppSettings, told: string[], media: string[]) {
  try {
    if (told.length) await threads().published(env, db, told);
    if (!media.length) return;
    const fetched = await fetchMedia(env, db, settings, new Date(), media);
    if (fetched.length) await threads().published(env, db, fetched);
  } catch (err) {
    // The cron fetches what is left (media.ts); the screens read again when they reconnect.
    console.log(JSON.stringify({ msg: 'whatsapp-after-webhook-failed', error: String(err) }));
  }
}

/** Compares two texts in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    diff |= (x[i % (x.length || 1)] ?? 0) ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0 && b.length > 0;
}
