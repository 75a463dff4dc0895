import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { fakePaymentCompletionSchema } from '@shared/payment-schemas';
import { ApiError } from '../../../platform/api-error';
import { sha256Bytes } from '../../../platform/crypto';
import type { AppEnv } from '../../../platform/env';
import { formatMoney } from '../../../platform/format';
import { text, type Language } from '../../../platform/messages';
import { validate } from '../../../platform/validation';
import { readSiteSettings } from '../../catalog';
import { completeFakeSession, fakeSession, type FakeSession } from '../providers/fake';
import { fakeProviderConfig } from '../payment-config';

/**
 * The fake provider's own pages and buttons (development only: anywhere else these routes do not
 * exist, 404 `route_not_found`, decision 071):
 *
 * - GET /dev/pay/:sessionId: its checkout page, the stand-in for a provider's hosted page. HTML
 *   the worker makes in the visitor's language (Arabic by default, `?lang=en`), no script: the
 *   hotel, the amount and what it is for, and a plain form with Pay and Decline.
 * - POST /dev/pay/:sessionId (that form, `outcome=paid|declined`): the fake's book marks the
 *   session, its signed webhook goes through the app, and the guest is sent back (303) to the
 *   session's success or cancel address, on the app's own origin.
 * - POST /api/dev/payments/:sessionId/complete `{ outcome }` (JSON, for tests and scripts): the
 *   same, answering `{ eventId, webhookStatus }`.
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

/** The fake's checkout page (HTML, no script) for `session` in `language`. */
export function fakePayPageHtml(
  session: FakeSession,
  language: Language,
  hotel: string,
  langParam: string,
): string {
  const t = (id: string, values?: Record<string, string | number>) => escape(text(language, id, values));
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const amount = escape(formatMoney(session.amountBaisa, language));
  const action = `/dev/pay/${encodeURIComponent(session.id)}${langParam}`;
  const body =
    session.status === 'open'
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
<p class="for">${escape(session.description)}</p>
${body}
</main>
</body>
</html>`;
}

async function page(c: Context<AppEnv>, session: FakeSession, status: 200 | 404 | 409 = 200) {
  const language = c.get('language');
  const settings = await readSiteSettings(c.get('db'));
  const hotel = language === 'ar' ? settings.siteNameAr : settings.siteName;
  const langParam = c.req.query('lang') === 'en' ? '?lang=en' : '';
  c.set('inlineStyleHashes', [await pageStyleSource()]);
  return c.html(fakePayPageHtml(session, language, hotel, langParam), status, {
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
  });
}

/** /dev/pay/:sessionId (outside the API). */
export const devPayPages = new Hono<AppEnv>()
  .use(developmentOnly)
  .get('/:sessionId', async (c) => {
    const session = await fakeSession(c.get('db'), c.req.param('sessionId'));
    if (!session) throw new ApiError(404, 'payment_not_found');
    return page(c, session);
  })
  // The page's own form, from its own origin only (the app's CSRF check covers /api alone).
  .post('/:sessionId', bodyLimit({ maxSize: 1024 }), csrf(), async (c) => {
    const form = await c.req.parseBody();
    const outcome = fakePaymentCompletionSchema.safeParse({ outcome: form.outcome });
    if (!outcome.success) throw new ApiError(400, 'validation_failed');
    const db = c.get('db');
    const sessionId = c.req.param('sessionId');
    const config = fakeProviderConfig(c.env, new URL(c.req.url).origin, { ctx: c.executionCtx });
    try {
      const done = await completeFakeSession(db, config, sessionId, outcome.data.outcome);
      return c.redirect(
        outcome.data.outcome === 'paid' ? done.session.successUrl : done.session.cancelUrl,
        303,
      );
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'payment_session_closed') throw err;
      const session = await fakeSession(db, sessionId);
      return page(c, session!, 409);
    }
  });

/** /api/dev/payments/:sessionId/complete. */
export const devPaymentRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .post('/:sessionId/complete', validate('json', fakePaymentCompletionSchema), async (c) => {
    const db = c.get('db');
    const config = fakeProviderConfig(c.env, new URL(c.req.url).origin, { ctx: c.executionCtx });
    const { eventId, webhookStatus } = await completeFakeSession(
      db,
      config,
      c.req.param('sessionId'),
      c.req.valid('json').outcome,
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ eventId, webhookStatus });
  });
