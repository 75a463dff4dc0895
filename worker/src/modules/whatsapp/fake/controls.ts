import { Hono } from 'hono';
import { z } from '@shared/zod';
import { normalizePhone } from '@shared/digits';
import type { AppEnv } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { validate } from '../../../platform/validation';
import { internationalDigits } from '../../../platform/phone-messages';
import { FAKE_WHATSAPP } from '../config';
import { fakeWhatsappMedia, fakeWhatsappSent, fakeWhatsappTemplateStates } from '../fake-whatsapp-tables';
import { deliverWebhook, earlyStatuses, fakeSent } from './api';
import { deliverWhatsApp } from '../delivery';
import { queueDatedSends } from '../outbox';
import { inboundPayload, newWamid, statusPayload, type InboundContent } from './payloads';

/**
 * The fake's test controls (development only, `route_not_found` elsewhere), under
 * /api/dev/whatsapp: what a guest's phone and Meta's servers would do.
 * - GET /sent: what the fake was sent, newest first `[{wamid, to, type, text, template, createdAt}]`.
 * - POST /inbound `{from, text}` | `{from, image: {base64?, mimeType?, caption?}}` |
 *   `{from, location: {latitude, longitude, name?, address?}}` (and `name`, the profile's): a guest
 *   writes; the fake signs and delivers the webhook and answers `{wamid, status}` (the webhook's).
 * - POST /status `{messageId, status, errorCode?}`: a status webhook for a message it was sent.
 * - POST /early-statuses `{to, statuses}`: the next message to `to` has these status webhooks
 *   delivered before the send is answered (the webhook racing the answer, as it may at Meta).
 * - POST /templates `{name, language, status}`: a template's approval as the fake answers it.
 * - POST /dated: the dated automatic sends queued and delivered now (as the five-minute cron).
 */

/** A 1x1 PNG, the picture a guest "sends" when a test gives none. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const inboundBody = z.object({
  from: z.string().trim().min(8).max(20),
  name: z.string().trim().max(100).optional(),
  text: z.string().min(1).max(4096).optional(),
  image: z
    .object({
      base64: z.string().max(7_000_000).optional(),
      mimeType: z.enum(['image/jpeg', 'image/png', 'image/webp']).optional(),
      caption: z.string().max(1024).optional(),
    })
    .optional(),
  location: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      name: z.string().max(200).optional(),
      address: z.string().max(500).optional(),
    })
    .optional(),
});

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
          to: string;
          type: string;
          text?: { body: string };
          template?: {
            name: string;
            language: { code: string };
            components?: { parameters?: { text: string }[] }[];
          };
        };
        return {
          wamid: r.wamid,
          to: p.to,
          type: p.type,
          text: p.text?.body ?? null,
          template: p.template
            ? {
                name: p.template.name,
                language: p.template.language.code,
                parameters: p.template.components?.[0]?.parameters?.map((x) => x.text) ?? [],
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
    const from = internationalDigits(normalizePhone(body.from));
    const db = c.get('db');
    let content: InboundContent;
    if (body.image) {
      const base64 = body.image.base64 ?? PIXEL_PNG;
      const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      const sha256 = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
      const id = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
      const mimeType = body.image.mimeType ?? 'image/png';
      await db.insert(fakeWhatsappMedia).values({ id, mimeType, sha256, bytesBase64: base64 });
      content = {
        type: 'image',
        image: {
          id,
          mime_type: mimeType,
          sha256,
          ...(body.image.caption ? { caption: body.image.caption } : {}),
        },
      };
    } else if (body.location) {
      content = { type: 'location', location: body.location };
    } else if (body.text !== undefined) {
      content = { type: 'text', text: { body: body.text } };
    } else {
      throw new ApiError(400, 'message_text_required');
    }
    const wamid = newWamid();
    // The fake remembers that this number wrote (the 24-hour window it enforces, api.ts).
    await db
      .insert(fakeWhatsappSent)
      .values({ wamid, phoneNumberId: `inbound:${from}`, payload: JSON.stringify(content) });
    const res = await deliverWebhook(
      c.env,
      inboundPayload(from, body.name ?? 'Guest', wamid, new Date(), content),
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
      const to = sent ? (JSON.parse(sent.payload) as { to: string }).to : '0';
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
        language: z.enum(['ar', 'en']),
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
