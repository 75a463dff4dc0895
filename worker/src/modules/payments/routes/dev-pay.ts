import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { z } from '@shared/zod';
import { fakePaymentCompletionSchema } from '@shared/payment-schemas';
import { ApiError } from '../../../platform/api-error';
import { sha256Bytes } from '../../../platform/crypto';
import type { AppEnv } from '../../../platform/env';
import { formatMoney } from '../../../platform/format';
import { text, type Language } from '../../../platform/messages';
import { validate } from '../../../platform/validation';
import { readSiteSettings } from '../../catalog';
import type { FakeThawaniSession } from '../fake-thawani-tables';
import {
  attempt,
  expireSession,
  FAKE_THAWANI,
  moveRefund,
  paymentResource,
  refundResource,
  sendWebhooks,
  sessionById,
  sessionResource,
  setControls,
  signedWebhook,
  type ThawaniEventType,
} from '../providers/fake';
import { webhookSecret } from '../payment-config';

/**
 * The fake payment provider's page and test controls (development only: anywhere else these
 * routes do not exist, 404 `route_not_found`, decision 071). The fake is a stand-in for Thawani
 * (providers/fake/: its API is `/dev/thawani/api/v1`); these are what the guest does on its page
 * and what Thawani's back office would do:
 *
 * - GET /dev/pay/:sessionId?key=<publishable key>: its payment page, the stand-in for Thawani's
 *   hosted page (404 without the publishable key, as Thawani's). HTML the worker makes in the
 *   visitor's language (Arabic by default, `lang=en`), no script: the hotel, the amount and what it
 *   is for, and a plain form with Pay and Decline.
 * - POST /dev/pay/:sessionId (that form, `outcome=paid|declined`): a successful payment (the
 *   session paid) or a declined card (the session stays open for another try), Thawani's signed
 *   webhooks through the app, and the guest sent back (303) to the session's success or cancel
 *   address.
 * - POST /api/dev/payments/:sessionId/complete `{ outcome: paid | declined | cancelled, deliver? }`
 *   (JSON, for tests and scripts): the same (`cancelled` ends the session unpaid: Thawani sends no
 *   webhook for it), answering `{ paymentId, webhookStatus, webhooks: [{ event_type, status }] }`;
 *   with `deliver: false` the webhooks are answered signed and not sent: `webhooks: [{ event_type,
 *   rawBody, headers: { thawani-timestamp, thawani-signature } }]`. 409 `payment_session_closed`
 *   once paid, cancelled or expired; 404 `payment_not_found`.
 * - POST /api/dev/payments/:sessionId/expire: the session's `expire_at` passes.
 * - POST /api/dev/payments/refunds/:refundId `{ status }`: a refund's status moves (`successful`,
 *   `failed`, or a word Thawani does not document).
 * - POST /api/dev/payments/faults `{ status?, count?, pageLimit?, fee?, feeOnTop?, refundStatus? }`:
 *   the fake's next `count` API calls answer `status` (0 clears); its lists answer at most
 *   `pageLimit` a page (null: as asked); new payments carry `fee` baisa (`feeOnTop`: the guest pays
 *   it on top of the session's total); a new refund starts as `refundStatus`. Answers the settings.
 */
const developmentOnly = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, 'route_not_found');
  await next();
};

const escape = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const PAGE_STYLE = `
* { box-sizing: border-box; }
body { font-family: "Noto Naskh Arabic", "Segoe UI", Tahoma, Arial, sans-serif; margin: 0; padding: 24px 16px;
  background: rgb(245 241 232); color: rgb(30 30 30); }
main { max-width: 420px; margin: 0 auto; background: white; border-radius: 12px; padding: 24px;
  border: 1px solid rgb(220 214 200); }
.banner { background: rgb(255 244 204); border: 1px solid rgb(230 200 100); border-radius: 8px; padding: 10px 12px;
  font-size: 14px; margin: 0 0 16px; }
h1 { font-size: 20px; margin: 0 0 4px; }
.hotel { color: rgb(90 90 90); margin: 0 0 16px; }
.amount { font-size: 32px; font-weight: 700; margin: 8px 0; font-variant-numeric: tabular-nums; }
.for { margin: 0 0 24px; }
form { display: flex; gap: 12px; }
button { flex: 1; font: inherit; font-size: 17px; padding: 12px; border-radius: 8px; border: 1px solid rgb(120 120 120);
  background: white; cursor: pointer; min-height: 48px; }
button[value="paid"] { background: rgb(22 101 52); border-color: rgb(22 101 52); color: white; }
.closed { font-weight: 600; }
`;

let styleSource: Promise<string> | undefined;
const pageStyleSource = () =>
  (styleSource ??= sha256Bytes(PAGE_STYLE).then((b) => `'sha256-${btoa(String.fromCharCode(...b))}'`));

/** The line the page shows: the session's products' names (ours is one). */
function description(session: FakeThawaniSession): string {
  try {
    const products = JSON.parse(session.products) as { name?: unknown }[];
    return products.map((p) => String(p.name ?? '')).join(' · ');
  } catch {
    return '';
  }
}

/** The fake's payment page (HTML, no script) for `session` in `language`. */
export function fakePayPageHtml(
  session: FakeThawaniSession,
  language: Language,
  hotel: string,
  query: string,
): string {
  const t = (id: string, values?: Record<string, string | number>) => escape(text(language, id, values));
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const amount = escape(formatMoney(session.totalAmount, language));
  const action = `${FAKE_THAWANI.pagePath}/${encodeURIComponent(session.sessionId)}${query}`;
  const open = session.paymentStatus === 'unpaid' && session.expireAt.getTime() > Date.now();
  const body = open
    ? `<form method="post" action="${escape(action)}">
<button type="submit" name="outcome" value="paid">${t('dev_pay.pay')}</button>
<button type="submit" name="outcome" value="declined">${t('dev_pay.decline')}</button>
</form>`
    : `<p class="closed">${t('payment_session_closed')}</p>`;
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t('dev_pay.title')}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">${t('dev_pay.notice')}</p>
<h1>${t('dev_pay.title')}</h1>
<p class="hotel">${escape(hotel)}</p>
<p class="amount"><bdi>${amount}</bdi></p>
<p class="for">${escape(description(session))}</p>
${body}
</main>
</body>
</html>`;
}

/** The page's own query (its key, and its language when English), kept on the form's address. */
function pageQuery(c: Context<AppEnv>): string {
  const query = new URLSearchParams({ key: FAKE_THAWANI.publishableKey });
  if (c.req.query('lang') === 'en') query.set('lang', 'en');
  return `?${query}`;
}

async function page(c: Context<AppEnv>, session: FakeThawaniSession, status: 200 | 409 = 200) {
  const language = c.get('language');
  const settings = await readSiteSettings(c.get('db'));
  const hotel = language === 'ar' ? settings.siteNameAr : settings.siteName;
  c.set('inlineStyleHashes', [await pageStyleSource()]);
  return c.html(fakePayPageHtml(session, language, hotel, pageQuery(c)), status, {
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
  });
}

/** The session the page is for: 404 without the publishable key, as Thawani's page. */
async function pageSession(c: Context<AppEnv>): Promise<FakeThawaniSession> {
  const session = await sessionById(c.get('db'), c.req.param('sessionId') ?? '');
  if (!session || c.req.query('key') !== FAKE_THAWANI.publishableKey) {
    throw new ApiError(404, 'payment_not_found');
  }
  return session;
}

type Outcome = z.infer<typeof fakePaymentCompletionSchema>['outcome'];

/**
 * The guest's attempt on the page (or a test's): the fake's books move (books.ts `attempt`), then
 * Thawani's webhooks for it are sent through the app, or answered signed (`deliver: false`).
 */
async function complete(c: Context<AppEnv>, session: FakeThawaniSession, outcome: Outcome, deliver: boolean) {
  const done = await attempt(c.get('db'), session, outcome);
  if (!done) throw new ApiError(409, 'payment_session_closed');
  const events: { event_type: ThawaniEventType; data: Record<string, unknown> }[] =
    outcome === 'paid'
      ? [
          { event_type: 'checkout.completed', data: sessionResource(done.session) },
          { event_type: 'payment.succeeded', data: paymentResource(done.payment!) },
        ]
      : outcome === 'declined'
        ? [{ event_type: 'payment.failed', data: paymentResource(done.payment!) }]
        : [];
  if (deliver) {
    const sent = await sendWebhooks(c, events);
    return { done, sent, signed: null };
  }
  const secret = webhookSecret(c.env);
  const signed = await Promise.all(
    events.map(async (e) => {
      const webhook = await signedWebhook(secret, e);
      return {
        event_type: e.event_type,
        rawBody: new TextDecoder().decode(webhook.rawBody),
        headers: {
          'thawani-timestamp': webhook.headers.get('thawani-timestamp')!,
          'thawani-signature': webhook.headers.get('thawani-signature')!,
        },
      };
    }),
  );
  return { done, sent: null, signed };
}

/** /dev/pay/:sessionId (outside the API). */
export const devPayPages = new Hono<AppEnv>()
  .use(developmentOnly)
  .get('/:sessionId', async (c) => page(c, await pageSession(c)))
  // The page's own form, from its own origin only (the app's CSRF check covers /api alone).
  .post('/:sessionId', bodyLimit({ maxSize: 1024 }), csrf(), async (c) => {
    const form = await c.req.parseBody();
    const asked = fakePaymentCompletionSchema.safeParse({ outcome: form.outcome });
    if (!asked.success || asked.data.outcome === 'cancelled') throw new ApiError(400, 'validation_failed');
    const session = await pageSession(c);
    try {
      const { done } = await complete(c, session, asked.data.outcome, true);
      return c.redirect(
        asked.data.outcome === 'paid' ? done.session.successUrl : done.session.cancelUrl,
        303,
      );
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'payment_session_closed') throw err;
      return page(c, (await sessionById(c.get('db'), session.sessionId))!, 409);
    }
  });

const refundMoveSchema = z.object({
  status: z
    .string({ error: 'validation_failed' })
    .trim()
    .min(1, 'validation_failed')
    .max(40, 'validation_failed'),
});

const faultsSchema = z.object({
  status: z.number({ error: 'validation_failed' }).int().min(0).max(599).optional(),
  count: z.number({ error: 'validation_failed' }).int().min(0).max(100).optional(),
  pageLimit: z.number({ error: 'validation_failed' }).int().min(1).max(1000).nullable().optional(),
  fee: z.number({ error: 'validation_failed' }).int().min(0).max(1_000_000).optional(),
  feeOnTop: z.boolean({ error: 'validation_failed' }).optional(),
  refundStatus: z.string({ error: 'validation_failed' }).trim().min(1).max(40).optional(),
});

/** /api/dev/payments. */
export const devPaymentRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .post('/faults', validate('json', faultsSchema), async (c) => {
    const { status, count, ...rest } = c.req.valid('json');
    const faults = status !== undefined ? { status, count: status === 0 ? 0 : (count ?? 1) } : undefined;
    c.header('Cache-Control', 'no-store');
    return c.json(await setControls(c.get('db'), { ...rest, ...(faults && { faults }) }));
  })
  .post('/refunds/:refundId', validate('json', refundMoveSchema), async (c) => {
    const moved = await moveRefund(c.get('db'), c.req.param('refundId'), c.req.valid('json').status);
    if (!moved) throw new ApiError(404, 'payment_not_found');
    c.header('Cache-Control', 'no-store');
    return c.json(refundResource(moved));
  })
  .post('/:sessionId/expire', async (c) => {
    const session = await expireSession(c.get('db'), c.req.param('sessionId'));
    if (!session) throw new ApiError(404, 'payment_not_found');
    c.header('Cache-Control', 'no-store');
    return c.json(sessionResource(session));
  })
  .post('/:sessionId/complete', validate('json', fakePaymentCompletionSchema), async (c) => {
    const session = await sessionById(c.get('db'), c.req.param('sessionId'));
    if (!session) throw new ApiError(404, 'payment_not_found');
    const { outcome, deliver = true } = c.req.valid('json');
    const { done, sent, signed } = await complete(c, session, outcome, deliver);
    c.header('Cache-Control', 'no-store');
    return c.json({
      paymentId: done.payment?.paymentId ?? null,
      // The app's answer to the last webhook (null: none sent).
      webhookStatus: sent?.at(-1)?.status ?? null,
      webhooks: sent ?? signed,
    });
  });
