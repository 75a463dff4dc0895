import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { chatRequestSchema } from '@shared/chat-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { clientAddress, clientHash } from '../../../platform/request';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { bookingConversation, chatTurn } from '../chat';
import { ApiError } from '../../../platform/api-error';
import { isMessageCode, type MessageCode } from '../../../platform/messages';
import { noteSchema } from '../../../platform/openapi';

/**
 * The assistant (guest spec section 7 `POST /api/chat`; the rules in modules/assistant/chat.ts
 * and modules/assistant/assistant.ts). Staff read the conversation that led to a booking.
 */

/** A refused message says what is wrong with it (e.g. too long), not only "invalid". */
const chatBody = zValidator('json', chatRequestSchema, (result) => {
  if (!result.success) {
    const issue = result.error.issues[0];
    const code = issue?.message ?? 'validation_failed';
    const field = issue?.path.join('.') || '_';
    throw new ApiError(400, isMessageCode(code) ? code : 'validation_failed', {
      [field]: code as MessageCode,
    });
  }
});
noteSchema(chatBody, 'json', chatRequestSchema);

export const chat = new Hono<AppEnv>()
  .post('/', chatBody, async (c) => {
    const body = c.req.valid('json');
    const session = await readSession(c);
    const answer = await chatTurn(
      {
        db: c.get('db'),
        env: c.env,
        user: session?.user ?? null,
        address: clientAddress(c),
        clientHash: await clientHash(c),
        lang: body.language ?? c.get('language'),
      },
      body,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  })
  .get('/conversations/:id', validate('param', idParamSchema), requireRole('staff'), async (c) => {
    return c.json(await bookingConversation(c.get('db'), c.req.valid('param').id));
  });
