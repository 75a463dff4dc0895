import { Hono, type Context } from 'hono';
import { and, desc, eq, notLike } from 'drizzle-orm';
import type { AppEnv, Env } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { FAKE_WHATSAPP, whatsappFetch, whatsappSettings } from '../config';
import { signatureOf } from '../signature';
import { fakeWhatsappMedia, fakeWhatsappSent, fakeWhatsappTemplateStates } from '../fake-whatsapp-tables';
import { FAKE_TEMPLATES, templateRefusal, templateSendRefusal, type FakeTemplate } from './templates';
import { isWhatsAppUserId } from '@shared/whatsapp';
import { metaJson, newWamid, statusPayload, type FakeStatus } from './payloads';

/**
 * The fake WhatsApp Cloud API (development only): Meta's Graph API endpoints the adapter calls, on
 * the app's origin at /dev/whatsapp/graph/{version}/… (README.md quotes the documents):
 * - POST /{phone-number-id}/messages: `text` and `template` messages; the answer's
 *   `messages[0].id` is the wamid; what it took is kept (GET /api/dev/whatsapp/sent). Free text
 *   to a number that has not written in 24 hours is accepted, then failed by a status webhook with
 *   error 131047, as Meta does.
 * - GET /{media-id}: `{url, mime_type, sha256, file_size, id}`; the url answers the bytes to the
 *   same bearer token.
 * - GET /{waba-id}/message_templates: `{data, paging}`.
 * Errors in Meta's shape `{error: {message, type, code, error_subcode, fbtrace_id}}`.
 */
/** Meta's wording of an invalid parameter (code 100): the code in brackets, then what is wrong. */
const INVALID_PARAMETER = 100;
const invalidParameter = (what: string) => `(#${INVALID_PARAMETER}) ${what}`;

function graphError(
  c: Context<AppEnv>,
  status: 400 | 401 | 404,
  code: number,
  message: string,
  subcode?: number,
) {
  return c.json(
    {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: `A${crypto.randomUUID().replace(/-/g, '').slice(0, 22)}`,
      },
    },
    status,
  );
}

const authorized = (c: Context<AppEnv>) => c.req.header('authorization') === `Bearer ${FAKE_WHATSAPP.token}`;

/** The fake's templates (its own, then those a test made) with the approvals a test set. */
export async function fakeTemplates(db: AppEnv['Variables']['db']): Promise<FakeTemplate[]> {
  const states = await db.select().from(fakeWhatsappTemplateStates);
  const stateOf = new Map(states.map((s) => [`${s.name}|${s.language}`, s.status]));
  const made = states.flatMap((s) => (s.definition ? [JSON.parse(s.definition) as FakeTemplate] : []));
  const own = FAKE_TEMPLATES.filter((t) => !made.some((m) => m.name === t.name && m.language === t.language));
  return [...own, ...made].map((t) => ({ ...t, status: stateOf.get(`${t.name}|${t.language}`) ?? t.status }));
}

/** The last time a number wrote to the fake (its inbound deliveries are kept beside what it was sent). */
async function lastInbound(db: AppEnv['Variables']['db'], waId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: fakeWhatsappSent.createdAt })
    .from(fakeWhatsappSent)
    .where(and(eq(fakeWhatsappSent.phoneNumberId, `inbound:${waId}`)))
    .orderBy(desc(fakeWhatsappSent.id))
    .limit(1);
  return row?.at ?? null;
}

/** Delivers a webhook body to the app, written (non-ASCII as \uXXXX, `/` as `\/`) and signed as Meta does. */
export async function deliverWebhook(env: Env, body: unknown): Promise<Response> {
  const settings = whatsappSettings(env);
  if (!settings || settings.mode !== 'fake') throw new ApiError(404, 'route_not_found');
  const raw = metaJson(body);
  return whatsappFetch(env, settings)(`${env.APP_ORIGIN.replace(/\/+$/, '')}/api/whatsapp/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': await signatureOf(settings.appSecret, raw),
    },
    body: raw,
  });
}

type Json = Record<string, unknown>;

/** How long a medium's URL answers (Meta: "Media URLs expire after 5 minutes"). */
const MEDIA_URL_SECONDS = 300;

/** A fake medium's bytes (padded to the size a test asked for). */
function mediaBytes(media: { bytesBase64: string; padTo: number | null }): Uint8Array<ArrayBuffer> {
  const bytes = Uint8Array.from(atob(media.bytesBase64), (ch) => ch.charCodeAt(0));
  if (!media.padTo || media.padTo <= bytes.byteLength) return bytes;
  const padded = new Uint8Array(media.padTo);
  padded.set(bytes);
  return padded;
}

/**
 * The statuses the fake delivers for the next message to a number before it answers the send
 * (`POST /api/dev/whatsapp/early-statuses`): Meta's webhooks and the send's answer travel apart,
 * and a `sent` or `delivered` may reach the app first. Held in the isolate (a test's control).
 */
export const earlyStatuses = new Map<string, FakeStatus[]>();

export const fakeWhatsappApi = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, 'route_not_found');
    if (!authorized(c))
      return graphError(c, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    await next();
  })
  // The medium's short-lived URL (Meta's lookaside URL, about five minutes): the bytes to the same
  // bearer token until `ext`, then gone; a medium a test made fail answers so.
  .get('/media/:id', async (c) => {
    const [media] = await c
      .get('db')
      .select()
      .from(fakeWhatsappMedia)
      .where(eq(fakeWhatsappMedia.id, c.req.param('id')))
      .limit(1);
    // Meta's download names a User-Agent; the fake insists on one, so the adapter's is tested.
    if (!c.req.header('user-agent')) return c.body(null, 403);
    const expires = Number(c.req.query('ext'));
    if (!media || !(expires * 1000 > Date.now()) || media.fail === 'gone') return c.body(null, 404);
    if (media.fail === 'unavailable') return c.body(null, 500);
    const bytes = mediaBytes(media);
    return c.body(bytes, 200, {
      'content-type': media.mimeType,
      'content-length': String(bytes.byteLength),
    });
  })
  .post('/:version/:phoneNumberId/messages', async (c) => {
    const number = whatsappSettings(c.env)?.phoneNumberId ?? FAKE_WHATSAPP.phoneNumberId;
    if (c.req.param('phoneNumberId') !== number) {
      return graphError(c, 400, 100, 'Unsupported post request. Object does not exist', 33);
    }
    const body = (await c.req.json().catch(() => null)) as Json | null;
    // `to` names a phone; without it `recipient` names a business-scoped user id (a username).
    const recipient =
      typeof body?.to !== 'string' && typeof body?.recipient === 'string' ? body.recipient : null;
    const input = typeof body?.to === 'string' ? body.to : '';
    if (!body || body.messaging_product !== 'whatsapp') {
      return graphError(c, 400, 100, invalidParameter('The parameter messaging_product is required.'));
    }
    // Meta takes the number with `+`, spaces, dashes and brackets; its `wa_id` is the digits.
    const to = recipient ?? input.replace(/[\s()-]/g, '').replace(/^\+/, '');
    if (
      recipient !== null
        ? !isWhatsAppUserId(recipient)
        : !/^\+?[\d\s()-]+$/.test(input) || !/^\d{8,15}$/.test(to)
    )
      return graphError(c, 400, 100, invalidParameter('Invalid parameter'), 2494012);
    const type = body.type ?? 'text';
    let reEngagement = false;
    if (type === 'text') {
      const text = (body.text as Json | undefined)?.body;
      if (typeof text !== 'string' || !text.length || text.length > 4096) {
        return graphError(
          c,
          400,
          100,
          invalidParameter("Param text['body'] must be between 1 and 4096 characters"),
        );
      }
      const last = await lastInbound(c.get('db'), to);
      reEngagement = !last || Date.now() - last.getTime() >= 24 * 3600_000;
    } else if (type === 'template') {
      const template = body.template as Json | undefined;
      const language = (template?.language as Json | undefined)?.code;
      const found = (await fakeTemplates(c.get('db'))).find(
        (t) => t.name === template?.name && t.language === language,
      );
      if (!found || found.status !== 'APPROVED') {
        return graphError(c, 404, 132001, '(#132001) Template name does not exist in the translation');
      }
      const refusal = templateSendRefusal(found, template?.components);
      if (refusal) return graphError(c, refusal.status, refusal.code, refusal.message);
    } else {
      return graphError(
        c,
        400,
        100,
        invalidParameter(`Param type must be one of {TEXT, TEMPLATE} in this fake`),
      );
    }
    const wamid = newWamid();
    await c
      .get('db')
      .insert(fakeWhatsappSent)
      .values({ wamid, phoneNumberId: number, payload: JSON.stringify(body) });
    // Statuses a test asked to arrive before this answer: delivered, and waited for, first.
    const early = earlyStatuses.get(to) ?? [];
    earlyStatuses.delete(to);
    for (const status of early) {
      await deliverWebhook(c.env, statusPayload(wamid, to, status, new Date(), undefined, number));
    }
    if (reEngagement) {
      // Meta takes the message, then reports it failed: more than 24 hours since the user wrote.
      c.executionCtx.waitUntil(
        deliverWebhook(
          c.env,
          statusPayload(
            wamid,
            to,
            'failed',
            new Date(),
            {
              code: 131047,
              title: 'Re-engagement message',
              message: 'Re-engagement message',
              details:
                'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            },
            number,
          ),
        ),
      );
    }
    return c.json({
      messaging_product: 'whatsapp',
      contacts: [recipient !== null ? { input: recipient, user_id: recipient } : { input, wa_id: to }],
      messages: [type === 'template' ? { id: wamid, message_status: 'accepted' } : { id: wamid }],
    });
  })
  .get('/:version/:wabaId/message_templates', async (c) => {
    if (c.req.param('wabaId') !== FAKE_WHATSAPP.businessAccountId) {
      return graphError(c, 400, 100, 'Unsupported get request. Object does not exist', 33);
    }
    const data = (await fakeTemplates(c.get('db'))).map((t) => ({
      name: t.name,
      parameter_format: t.parameter_format,
      components: t.components,
      language: t.language,
      status: t.status,
      category: t.category,
      id: t.id,
    }));
    return c.json({ data, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } });
  })
  // Making a template (WhatsApp Manager's form, or the API): Meta's rules held (templates.ts);
  // the fake approves at once (a test sets another state with POST /api/dev/whatsapp/templates).
  .post('/:version/:wabaId/message_templates', async (c) => {
    if (c.req.param('wabaId') !== FAKE_WHATSAPP.businessAccountId) {
      return graphError(c, 400, 100, 'Unsupported post request. Object does not exist', 33);
    }
    const body = ((await c.req.json().catch(() => null)) ?? {}) as Json;
    const refusal = templateRefusal(body as Parameters<typeof templateRefusal>[0]);
    if (refusal) {
      return c.json(
        {
          error: {
            message: refusal.message,
            type: 'OAuthException',
            code: 100,
            error_user_title: 'Invalid parameter',
            error_user_msg: refusal.userMessage,
            fbtrace_id: `A${crypto.randomUUID().replace(/-/g, '').slice(0, 22)}`,
          },
        },
        400,
      );
    }
    const template: FakeTemplate = {
      id: String(Date.now()) + String(Math.floor(Math.random() * 1000)),
      name: body.name as string,
      language: body.language as string,
      category: body.category as string,
      status: 'APPROVED',
      parameter_format: body.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL',
      components: body.components as FakeTemplate['components'],
    };
    await c
      .get('db')
      .insert(fakeWhatsappTemplateStates)
      .values({
        name: template.name,
        language: template.language,
        status: template.status,
        definition: JSON.stringify(template),
      })
      .onConflictDoUpdate({
        target: [fakeWhatsappTemplateStates.name, fakeWhatsappTemplateStates.language],
        set: { status: template.status, definition: JSON.stringify(template) },
      });
    return c.json({ id: template.id, status: template.status, category: template.category });
  })
  .get('/:version/:mediaId', async (c) => {
    const id = c.req.param('mediaId');
    const [media] = await c
      .get('db')
      .select()
      .from(fakeWhatsappMedia)
      .where(eq(fakeWhatsappMedia.id, id))
      .limit(1);
    if (!media) return graphError(c, 400, 100, 'Unsupported get request. Object does not exist', 33);
    const origin = c.env.APP_ORIGIN.replace(/\/+$/, '');
    const expires = Math.floor(Date.now() / 1000) + MEDIA_URL_SECONDS;
    return c.json({
      messaging_product: 'whatsapp',
      url: `${origin}${FAKE_WHATSAPP.apiPath}/media/${id}?ext=${expires}`,
      mime_type: media.mimeType,
      sha256: media.sha256,
      file_size: media.padTo ?? mediaBytes(media).byteLength,
      id,
    });
  });

/** What the fake was sent, newest first (at most 100), with the inbound deliveries left out. */
export function fakeSent(db: AppEnv['Variables']['db']) {
  return db
    .select()
    .from(fakeWhatsappSent)
    .where(notLike(fakeWhatsappSent.phoneNumberId, 'inbound:%'))
    .orderBy(desc(fakeWhatsappSent.id))
    .limit(100);
}
