import { Hono } from 'hono';
import { z } from '@shared/zod';
import { normalizePhone } from '@shared/digits';
import { TEMPLATE_LANGUAGE_PATTERN } from '@shared/whatsapp';
import type { AppEnv } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { validate } from '../../../platform/validation';
import { FAKE_WHATSAPP, whatsappSettings } from '../config';
import { fakeWhatsappMedia, fakeWhatsappSent, fakeWhatsappTemplateStates } from '../fake-whatsapp-tables';
import { deliverWebhook, earlyStatuses, fakeSent } from './api';
import { isWhatsAppUserId } from '@shared/whatsapp';
import { deliverWhatsApp } from '../delivery';
import { queueDatedSends } from '../outbox';
import { inboundPayload, newWamid, statusPayload, type InboundContent, type InboundSender } from './payloads';
import { SAMPLE_DOCUMENT, SAMPLE_PHOTO, SAMPLE_STICKER, SAMPLE_VIDEO, SAMPLE_VOICE_NOTE } from './samples';

/**
 * The fake's test controls (development only, `route_not_found` elsewhere), under
 * /api/dev/whatsapp: what a guest's phone and Meta's servers would do.
 * - GET /sent: what the fake was sent, newest first `[{wamid, to, type, text, template, createdAt}]`.
 * - POST /inbound `{ from | userId, username?, name?, text? | image? | audio? | video? | document? |
 *   sticker? | location? | contacts? | button? | interactive? | reaction? | unsupported?,
 *   timestamp?, phoneNumberId? }` (one content): a guest writes; the fake delivers the webhook of
 *   exactly Meta's shape for that type (README.md), written and signed as Meta does, and answers
 *   `{wamid, status, answer}` (the webhook's). A medium is kept at the fake (its bytes, or a sample
 *   of the type) and served by its media endpoints; `fail` and `size` make it fail or large.
 * - POST /status `{messageId, status, errorCode?}`: a status webhook for a message it was sent.
 * - POST /early-statuses `{to, statuses}`: the next message to `to` has these status webhooks
 *   delivered before the send is answered (the webhook racing the answer, as it may at Meta).
 * - POST /templates `{name, language, status}`: a template's approval as the fake answers it (a
 *   template is made through Meta's own endpoint, `POST /{waba-id}/message_templates`, api.ts).
 * - POST /dated: the dated automatic sends queued and delivered now (as the five-minute cron).
 */

const medium = (mimeTypes: readonly [string, ...string[]]) =>
  z
    .strictObject({
      /** The bytes (base64); a sample of the type when none (fake/samples.ts). */
      base64: z.string().max(7_000_000).optional(),
      mimeType: z.enum(mimeTypes).optional(),
      caption: z.multilineString().max(1024).optional(),
      filename: z.string().max(240).optional(),
      voice: z.boolean().optional(),
      animated: z.boolean().optional(),
      /** The medium fails at the fake: `gone` (404, for good) or `unavailable` (500, for now). */
      fail: z.enum(['gone', 'unavailable']).optional(),
      /** Served as this many bytes (a large medium, without storing it). */
      size: z
        .number()
        .int()
        .positive()
        .max(200 * 1024 * 1024)
        .optional(),
    })
    .optional();

/** What Meta's supported media types are, per kind (its "Supported media types"). */
const MEDIA_TYPES = {
  image: ['image/jpeg', 'image/png'],
  audio: ['audio/ogg; codecs=opus', 'audio/ogg', 'audio/mpeg', 'audio/aac', 'audio/mp4', 'audio/amr'],
  video: ['video/mp4', 'video/3gpp'],
  document: [
    'application/pdf',
    'text/plain',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/html',
  ],
  sticker: ['image/webp'],
} as const;
const SAMPLES = {
  image: SAMPLE_PHOTO,
  audio: SAMPLE_VOICE_NOTE,
  video: SAMPLE_VIDEO,
  document: SAMPLE_DOCUMENT,
  sticker: SAMPLE_STICKER,
} as const;
const MEDIA_KINDS = Object.keys(MEDIA_TYPES) as (keyof typeof MEDIA_TYPES)[];

const CONTENT = [
  'text',
  ...MEDIA_KINDS,
  'location',
  'contacts',
  'button',
  'interactive',
  'reaction',
  'unsupported',
] as const;

const inboundBody = z
  .strictObject({
    /** The guest's phone, or (a guest with a username who shares none) their business-scoped user id. */
    from: z.string().trim().min(8).max(20).optional(),
    userId: z.string().max(160).refine(isWhatsAppUserId, 'validation_failed').optional(),
    username: z.string().trim().max(100).optional(),
    name: z.string().trim().max(100).optional(),
    text: z.multilineString().min(1).max(65_536).optional(),
    image: medium(MEDIA_TYPES.image),
    audio: medium(MEDIA_TYPES.audio),
    video: medium(MEDIA_TYPES.video),
    document: medium(MEDIA_TYPES.document),
    sticker: medium(MEDIA_TYPES.sticker),
    location: z
      .strictObject({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        name: z.string().max(200).optional(),
        address: z.multilineString().max(500).optional(),
      })
      .optional(),
    contacts: z
      .array(
        z.strictObject({
          name: z.string().max(200),
          phones: z.array(z.string().max(40)).max(5).optional(),
          emails: z.array(z.string().max(200)).max(5).optional(),
        }),
      )
      .min(1)
      .max(5)
      .optional(),
    /** A template's quick reply: its text and payload. */
    button: z
      .strictObject({ text: z.string().min(1).max(200), payload: z.string().max(200).optional() })
      .optional(),
    /** A reply to an interactive message: a button or a list row. */
    interactive: z
      .strictObject({
        type: z.enum(['button_reply', 'list_reply']),
        id: z.string().min(1).max(200),
        title: z.string().min(1).max(200),
        description: z.string().max(200).optional(),
      })
      .optional(),
    /** A reaction to a message the hotel sent (its wamid); no emoji takes it back. */
    reaction: z
      .strictObject({ messageId: z.string().min(1).max(256), emoji: z.string().max(16).optional() })
      .optional(),
    /** A message Meta cannot show (its `unsupported.type`, e.g. `edit`, `poll_creation`). */
    unsupported: z.strictObject({ type: z.string().min(1).max(64) }).optional(),
    /** Meta's timestamp (seconds); now when absent. */
    timestamp: z.number().int().nonnegative().max(99_999_999_999).optional(),
    /** The business number written to (another of the account's numbers, to test the check). */
    phoneNumberId: z
      .string()
      .regex(/^\d{1,32}$/)
      .optional(),
  })
  .refine((b) => (b.from === undefined) !== (b.userId === undefined), {
    error: 'validation_failed',
    path: ['from'],
  })
  .refine((b) => CONTENT.filter((k) => b[k] !== undefined).length === 1, {
    error: 'message_text_required',
    path: ['text'],
  });
type InboundBody = z.infer<typeof inboundBody>;

/** Keeps a medium at the fake (its media endpoints serve it) and answers the webhook's object of it. */
async function fakeMedium(
  db: AppEnv['Variables']['db'],
  kind: (typeof MEDIA_KINDS)[number],
  given: NonNullable<InboundBody['image']>,
): Promise<Record<string, unknown>> {
  const sample = SAMPLES[kind];
  const base64 = given.base64 ?? sample.base64;
  const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const sha256 = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  const id = String(Date.now()) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const mimeType = given.mimeType ?? (given.base64 ? MEDIA_TYPES[kind][0] : sample.mimeType);
  await db.insert(fakeWhatsappMedia).values({
    id,
    mimeType,
    sha256,
    bytesBase64: base64,
    fail: given.fail ?? null,
    padTo: given.size ?? null,
  });
  return {
    ...(given.caption !== undefined && (kind === 'image' || kind === 'video' || kind === 'document')
      ? { caption: given.caption }
      : {}),
    ...(kind === 'document' ? { filename: given.filename ?? 'document.pdf' } : {}),
    mime_type: mimeType,
    sha256,
    id,
    ...(kind === 'audio' ? { voice: given.voice ?? true } : {}),
    ...(kind === 'sticker' ? { animated: given.animated ?? false } : {}),
  };
}

/** The message's own part, as Meta's reference for its type shows it. */
async function contentOf(db: AppEnv['Variables']['db'], body: InboundBody): Promise<InboundContent> {
  for (const kind of MEDIA_KINDS) {
    const given = body[kind];
    if (given) return { type: kind, [kind]: await fakeMedium(db, kind, given) };
  }
  if (body.location) return { type: 'location', location: body.location };
  if (body.contacts) {
    return {
      type: 'contacts',
      contacts: body.contacts.map((c) => {
        const [first, ...rest] = c.name.split(' ');
        return {
          name: {
            formatted_name: c.name,
            first_name: first,
            ...(rest.length ? { last_name: rest.join(' ') } : {}),
          },
          phones: (c.phones ?? []).map((phone) => ({
            phone,
            type: 'CELL',
            ...(/^\+?\d{8,15}$/.test(phone) ? { wa_id: phone.replace(/\D/g, '') } : {}),
          })),
          emails: (c.emails ?? []).map((email) => ({ email, type: 'HOME' })),
        };
      }),
    };
  }
  if (body.button)
    return {
      type: 'button',
      button: { payload: body.button.payload ?? body.button.text, text: body.button.text },
    };
  if (body.interactive) {
    const { type, id, title, description } = body.interactive;
    return {
      type: 'interactive',
      interactive: { type, [type]: { id, title, ...(description ? { description } : {}) } },
    };
  }
  if (body.reaction) {
    return {
      type: 'reaction',
      reaction: {
        message_id: body.reaction.messageId,
        ...(body.reaction.emoji ? { emoji: body.reaction.emoji } : {}),
      },
    };
  }
  if (body.unsupported) {
    return {
      type: 'unsupported',
      errors: [
        {
          code: 131051,
          title: 'Message type unknown',
          message: 'Message type unknown',
          error_data: { details: 'Message type is currently not supported.' },
        },
      ],
      unsupported: { type: body.unsupported.type },
    };
  }
  return { type: 'text', text: { body: body.text! } };
}

export const fakeWhatsappControls = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, 'route_not_found');
    await next();
  })
  .get('/sent', async (c) => {
    const rows = await fakeSent(c.get('db'));
    c.header('Cache-Control', 'no-store');
    return c.json(
      rows.map((r) => {
        const p = JSON.parse(r.payload) as {
          to?: string;
          recipient?: string;
          type: string;
          text?: { body: string };
          template?: {
            name: string;
            language: { code: string };
            components?: { type: string; parameters?: { text?: string }[] }[];
          };
        };
        return {
          wamid: r.wamid,
          // As the app sent it (`+` and the country code, or a user id), and the number it reached.
          to: p.to ?? p.recipient ?? '',
          waId: p.to ? p.to.replace(/\D/g, '') : null,
          type: p.type,
          text: p.text?.body ?? null,
          template: p.template
            ? {
                name: p.template.name,
                language: p.template.language.code,
                // The body's values (the header's and buttons' are in `payload`).
                parameters:
                  p.template.components
                    ?.find((x) => x.type === 'body')
                    ?.parameters?.map((x) => x.text ?? '') ?? [],
              }
            : null,
          payload: p,
          createdAt: r.createdAt,
        };
      }),
    );
  })
  .post('/inbound', validate('json', inboundBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const sender: InboundSender = body.userId
      ? { userId: body.userId, ...(body.username ? { username: body.username } : {}) }
      : // The guest's `wa_id`: their number in full (an 8-digit one typed by a test is Omani).
        { phone: normalizePhone(body.from!) };
    const content = await contentOf(db, body);
    const wamid = newWamid();
    // The fake remembers that this guest wrote (the 24-hour window it enforces, api.ts).
    await db.insert(fakeWhatsappSent).values({
      wamid,
      phoneNumberId: `inbound:${'phone' in sender ? sender.phone : sender.userId}`,
      payload: JSON.stringify(content),
    });
    const at = body.timestamp !== undefined ? new Date(body.timestamp * 1000) : new Date();
    const res = await deliverWebhook(
      c.env,
      inboundPayload(sender, body.name ?? 'Guest', wamid, at, content, {
        phoneNumberId: body.phoneNumberId ?? whatsappSettings(c.env)?.phoneNumberId,
      }),
    );
    return c.json({ wamid, status: res.status, answer: await res.json().catch(() => null) });
  })
  .post(
    '/status',
    validate(
      'json',
      z.object({
        messageId: z.string().min(1).max(256),
        status: z.enum(['sent', 'delivered', 'read', 'failed']),
        errorCode: z.number().int().optional(),
      }),
    ),
    async (c) => {
      const { messageId, status, errorCode } = c.req.valid('json');
      const rows = await fakeSent(c.get('db'));
      const sent = rows.find((r) => r.wamid === messageId);
      const p = sent ? (JSON.parse(sent.payload) as { to?: string; recipient?: string }) : null;
      const to = p?.to ?? p?.recipient ?? '0';
      const res = await deliverWebhook(
        c.env,
        statusPayload(
          messageId,
          to,
          status,
          new Date(),
          errorCode === undefined
            ? undefined
            : {
                code: errorCode,
                title: 'Message undeliverable',
                message: 'Message undeliverable',
                details: 'Set by a test.',
              },
          whatsappSettings(c.env)?.phoneNumberId,
        ),
      );
      return c.json({ status: res.status });
    },
  )
  .post(
    '/early-statuses',
    validate(
      'json',
      z.object({
        to: z.string().regex(/^\d{8,15}$/),
        statuses: z
          .array(z.enum(['sent', 'delivered', 'read']))
          .min(1)
          .max(3),
      }),
    ),
    (c) => {
      const { to, statuses } = c.req.valid('json');
      earlyStatuses.set(to, statuses);
      return c.json({ to, statuses });
    },
  )
  .post(
    '/templates',
    validate(
      'json',
      z.object({
        name: z.string().min(1).max(512),
        language: z.string().regex(TEMPLATE_LANGUAGE_PATTERN),
        status: z.enum(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED']),
      }),
    ),
    async (c) => {
      const row = c.req.valid('json');
      await c
        .get('db')
        .insert(fakeWhatsappTemplateStates)
        .values(row)
        .onConflictDoUpdate({
          target: [fakeWhatsappTemplateStates.name, fakeWhatsappTemplateStates.language],
          set: { status: row.status },
        });
      return c.json(row);
    },
  )
  // The dated automatic sends (pre-arrival, the extras' offer, the review request) queued and
  // delivered now, as the cron does every five minutes: for a journey that cannot wait for it.
  .post('/dated', async (c) => {
    const now = new Date();
    await queueDatedSends(c.env, c.get('db'), now);
    return c.json(await deliverWhatsApp(c.env, c.get('db'), now));
  });

export { FAKE_WHATSAPP };
