import { Hono } from 'hono';
import { z } from '@shared/zod';
import type { AppEnv } from '../../../platform/env';
import { validate } from '../../../platform/validation';
import { ApiError } from '../../../platform/api-error';
import { idParamSchema } from '@shared/date-schemas';
import { phoneNumberSchema } from '@shared/schemas';
import { devMailboxOf, devMailHtml } from '../../../platform/mail';
import { devMessagesOf } from '../../../platform/phone-messages';
import { phoneKeyOf } from '../../../platform/phone-numbers';

/**
 * Development only (ENVIRONMENT=development): the e-mails and the SMS / WhatsApp messages
 * the app "sent", newest first, so a person or a test can read a verification code.
 * Anywhere else these routes do not exist.
 */
export const dev = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, 'route_not_found');
    await next();
  })
  .get(
    '/mailbox',
    validate('query', z.object({ to: z.string().trim().toLowerCase().min(1, 'email_required') })),
    async (c) => {
      const rows = await devMailboxOf(c.get('db'), c.req.valid('query').to);
      c.header('Cache-Control', 'no-store');
      return c.json(rows);
    },
  )
  // One message's HTML as its own document, for the mailbox page's sandboxed frame: an e-mail's
  // inline styles need a policy of their own (platform/security-headers.ts mailHeaders), which a srcdoc frame,
  // inheriting the app's, cannot have.
  .get('/mailbox/:id/html', validate('param', idParamSchema), async (c) => {
    const html = await devMailHtml(c.get('db'), c.req.valid('param').id);
    if (html === null) throw new ApiError(404, 'not_found');
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  })
  .get('/messages', validate('query', z.object({ to: phoneNumberSchema })), async (c) => {
    const rows = await devMessagesOf(c.get('db'), phoneKeyOf(c.req.valid('query').to));
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  });
