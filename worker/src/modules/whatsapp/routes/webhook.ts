import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { whatsappSettings } from '../config';
import { applyWebhook, webhookSchema } from '../inbound';
import { signatureHolds } from '../signature';
import { GraphError } from '../cloud-api';

/**
 * Meta's webhook for the WhatsApp Business Account (fake/README.md quotes its documents):
 * - GET: the verification handshake: `hub.mode=subscribe` with `hub.verify_token` equal to ours
 *   answers `hub.challenge` as text; anything else 403.
 * - POST: `X-Hub-Signature-256` checked over the raw body first (unsigned or wrong: 401, nothing
 *   read or stored); then the body (not Meta's shape: 400); messages and statuses applied once
 *   (inbound.ts). An image that cannot be fetched yet answers 503 and nothing is stored: Meta
 *   delivers the webhook again.
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
    const body = webhookSchema.safeParse(json);
    if (!body.success) throw new ApiError(400, 'whatsapp_webhook_malformed');
    try {
      const applied = await applyWebhook(c.env, c.get('db'), settings, body.data, new Date());
      return c.json({ received: true, ...applied });
    } catch (err) {
      if (err instanceof GraphError) throw new ApiError(503, 'whatsapp_media_unavailable');
      throw err;
    }
  });

/** Compares two texts in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    diff |= (x[i % (x.length || 1)] ?? 0) ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0 && b.length > 0;
}
