import { Hono } from 'hono';
import { z } from '@shared/zod';
import { phoneNumberSchema } from '@shared/schemas';
import { whatsappSendSchema } from '@shared/whatsapp';
import type { AppEnv } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { requireRole } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { whatsappSettings } from '../config';
import { GraphError } from '../cloud-api';
import { messagesOf } from '../messages';
import { sendToPhone } from '../sending';
import { refreshTemplates, templateRows, templateSummary } from '../templates';
import { storedPhone, phoneKeyOf } from '../../../platform/phone-numbers';

/**
 * The staff's WhatsApp (front desk, managers, admins; housekeepers not):
 * - GET /api/admin/whatsapp/templates: the hotel's templates with their approval as last read;
 *   POST .../templates/refresh reads them from the provider again.
 * - POST /api/admin/whatsapp/messages `{phone, text}` or `{phone, template, language?, parameters}`:
 *   one message, Meta's rules held (sending.ts); the inbox's reply on a WhatsApp thread goes the
 *   same way (`sendToPhone`).
 * - GET /api/admin/whatsapp/messages?phone=: that phone's latest messages with their statuses.
 */
const sendBody = z.intersection(z.object({ phone: phoneNumberSchema }), whatsappSendSchema);

export const whatsappAdmin = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/templates', async (c) => {
    const rows = await templateRows(c.get('db'));
    c.header('Cache-Control', 'no-store');
    return c.json({
      provider: whatsappSettings(c.env)?.mode ?? 'off',
      templates: rows.map((t) => ({
        id: t.id,
        ...templateSummary(t),
        status: t.status,
        refreshedAt: t.refreshedAt,
      })),
    });
  })
  .post('/templates/refresh', async (c) => {
    const settings = whatsappSettings(c.env);
    if (!settings) throw new ApiError(503, 'whatsapp_unavailable');
    try {
      const count = await refreshTemplates(c.env, c.get('db'), settings);
      return c.json({ refreshed: count });
    } catch (err) {
      if (err instanceof GraphError) throw new ApiError(502, 'whatsapp_send_failed');
      throw err;
    }
  })
  .post('/messages', validate('json', sendBody), async (c) => {
    const { phone, ...content } = c.req.valid('json');
    const sent = await sendToPhone(c.env, c.get('db'), storedPhone(phone, 'phone'), content, {
      language: c.get('language') ?? 'ar',
      staffUserId: c.get('user').id,
    });
    return c.json(sent, 201);
  })
  .get('/messages', validate('query', z.object({ phone: phoneNumberSchema })), async (c) => {
    const rows = await messagesOf(c.get('db'), phoneKeyOf(c.req.valid('query').phone));
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  });
