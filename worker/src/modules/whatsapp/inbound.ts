import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { z } from '@shared/zod';
import { normalizePhone } from '@shared/digits';
import { isStopWord } from '@shared/whatsapp';
import type { Db, Env } from '../../platform/env';
import { downloadMedia } from './cloud-api';
import type { WhatsAppSettings } from './config';
import { consentStatement } from './consents';
import { applyStatusesStatement, statusEventStatement } from './messages';
import { queueAcknowledgement } from './outbox';
import { whatsappMessages } from './tables';
import { threads } from './threads-port';

/**
 * A webhook's body (Meta's `messages` field: `entry[].changes[].value` with `metadata`,
 * `contacts`, `messages`, `statuses`; fake/README.md) applied: each message kept once by its
 * wamid and handed to the guest's thread, each status kept once and the message brought up to it.
 * Fields this app does not use are let through; a body without this shape is refused (400).
 */
const text = z.string().max(10_000);
const messageSchema = z.object({
  from: z.string().min(1).max(32),
  id: z.string().min(1).max(256),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(32),
  text: z.object({ body: text }).optional(),
  image: z
    .object({
      id: z.string().min(1).max(256),
      mime_type: z.string().max(100).optional(),
      caption: text.optional(),
    })
    .optional(),
  location: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      name: text.optional(),
      address: text.optional(),
    })
    .optional(),
});
const statusSchema = z.object({
  id: z.string().min(1).max(256),
  status: z.string().max(32),
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(32).optional(),
  errors: z
    .array(z.object({ code: z.number().int().optional(), title: text.optional(), message: text.optional() }))
    .optional(),
});
export const webhookSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        id: z.string().max(64),
        changes: z
          .array(
            z.object({
              field: z.string().max(64),
              value: z.object({
                messaging_product: z.literal('whatsapp').optional(),
                metadata: z
                  .object({ display_phone_number: z.string().max(32), phone_number_id: z.string().max(64) })
                  .optional(),
                contacts: z
                  .array(
                    z.object({ wa_id: z.string().max(32), profile: z.object({ name: text }).optional() }),
                  )
                  .max(100)
                  .optional(),
                messages: z.array(messageSchema).max(100).optional(),
                statuses: z.array(statusSchema).max(100).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WebhookBody = z.infer<typeof webhookSchema>;

type Incoming = z.infer<typeof messageSchema> & { profileName: string | null };

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** Keeps an inbound image in R2 (fetched through the media endpoint); answers its key. */
async function keepImage(
  env: Env,
  settings: WhatsAppSettings,
  message: Incoming,
): Promise<{ key: string; type: string }> {
  const { bytes, mimeType } = await downloadMedia(env, settings, message.image!.id);
  const type = message.image!.mime_type || mimeType || 'application/octet-stream';
  const key = `whatsapp/${crypto.randomUUID()}`;
  await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: type } });
  return { key, type };
}

/** Applies a verified webhook body; a medium that cannot be fetched throws (the webhook answers 503, Meta sends it again). */
export async function applyWebhook(
  env: Env,
  db: Db,
  settings: WhatsAppSettings,
  body: WebhookBody,
  now: Date,
) {
  const incoming: Incoming[] = [];
  const statuses: z.infer<typeof statusSchema>[] = [];
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const names = new Map((change.value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? null]));
      for (const m of change.value.messages ?? [])
        incoming.push({ ...m, profileName: names.get(m.from) ?? null });
      statuses.push(...(change.value.statuses ?? []));
    }
  }
  // Messages kept already (Meta repeats a webhook until it hears 200): not fetched or applied again.
  // The ids as one JSON list: a webhook may carry more than the 100 values D1 binds in a statement.
  const ids = incoming.map((m) => m.id);
  const known = new Set(
    ids.length
      ? (
          await db
            .select({ wamid: whatsappMessages.wamid })
            .from(whatsappMessages)
            .where(sql`${whatsappMessages.wamid} in (select value from json_each(${JSON.stringify(ids)}))`)
        ).map((r) => r.wamid)
      : [],
  );
  const statements: BatchItem<'sqlite'>[] = [];
  for (const m of incoming) {
    if (known.has(m.id)) continue;
    known.add(m.id);
    const phone = normalizePhone(m.from);
    const at = new Date(Number(m.timestamp) * 1000);
    const kind = m.type === 'text' || m.type === 'image' || m.type === 'location' ? m.type : 'other';
    const image = kind === 'image' && m.image ? await keepImage(env, settings, m) : null;
    const body =
      kind === 'text'
        ? (m.text?.body ?? '')
        : kind === 'image'
          ? (m.image?.caption ?? null)
          : kind === 'location'
            ? [m.location?.name, m.location?.address].filter(Boolean).join(', ') || null
            : null;
    statements.push(
      db
        .insert(whatsappMessages)
        .values({
          wamid: m.id,
          phone,
          direction: 'in',
          kind,
          body,
          mediaKey: image?.key ?? null,
          mediaType: image?.type ?? null,
          latitude: m.location?.latitude ?? null,
          longitude: m.location?.longitude ?? null,
          status: 'received',
          // The window runs from when the guest wrote (Meta's timestamp), never later than now.
          createdAt: at.getTime() > now.getTime() ? now : at,
        })
        .onConflictDoNothing(),
      ...threads().inbound(db, {
        phone,
        wamid: m.id,
        kind,
        text: body,
        mediaKey: image?.key ?? null,
        latitude: m.location?.latitude ?? null,
        longitude: m.location?.longitude ?? null,
        at,
        profileName: m.profileName,
      }),
    );
    if (kind === 'text' && isStopWord(body ?? '')) {
      statements.push(
        consentStatement(db, { phone, optedIn: false, source: 'stop', at: now }),
        ...queueAcknowledgement(db, {
          phone,
          wamid: m.id,
          lang: /[\u0600-\u06ff]/.test(body ?? '') ? 'ar' : 'en',
          now,
        }),
      );
    }
  }
  for (const s of statuses) {
    if (!STATUSES.has(s.status)) continue;
    const status = s.status as 'sent' | 'delivered' | 'read' | 'failed';
    const error = s.errors?.[0];
    const at = new Date(Number(s.timestamp) * 1000);
    statements.push(
      statusEventStatement(db, {
        wamid: s.id,
        status,
        at,
        errorCode: error?.code ?? null,
        errorTitle: error?.title ?? error?.message ?? null,
      }),
      applyStatusesStatement(db, s.id),
      ...threads().status(db, { wamid: s.id, status, at, error: error?.title ?? error?.message ?? null }),
    );
  }
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return { messages: incoming.length, statuses: statuses.length };
}
