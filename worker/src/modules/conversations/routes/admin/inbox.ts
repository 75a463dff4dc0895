import { Hono, type Context } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import {
  inboxQuerySchema,
  messageMediaParamSchema,
  savedReplySchema,
  staffMessageSchema,
  threadLinkSchema,
  threadMessagesQuerySchema,
  threadParamSchema,
  threadPatchSchema,
} from '@shared/conversation-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { createdHeaders, idempotencyFrom } from '../../../../platform/idempotency-key';
import { createdAnswer } from '../../../../platform/idempotency';
import { validate } from '../../../../platform/validation';
import { listInbox, messageMedia, threadDetail } from '../../inbox';
import { colleagues, linkThread, patchThread, staffReply, type Runtime } from '../../staff-actions';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from '../../saved-replies';

/**
 * The staff inbox (modules/conversations, decision 088): the front desk, managers and admins read
 * and write; housekeepers 403.
 *
 * - GET /api/admin/inbox?filter=all|open|mine|unassigned|in_house|arriving&before= -> `{ threads, unreadThreads, next }`
 * - GET /api/admin/inbox/colleagues -> `{ colleagues }`: who a thread can be assigned to
 * - GET /api/admin/inbox/saved-replies, POST, PUT /:id, DELETE /:id: the saved replies (ar and en)
 * - GET /api/admin/inbox/:threadId?before= -> `{ thread, messages, hasMore, stays }`
 * - GET /api/admin/inbox/:threadId/messages/:messageId/media: a guest's medium (a byte range when asked)
 * - POST /api/admin/inbox/:threadId/messages `{ text, internal? }` -> 201 `{ message }`
 * - PATCH /api/admin/inbox/:threadId `{ assignedTo?, status?, read? }`
 * - POST /api/admin/inbox/:threadId/link `{ profileId }`: a phone-only thread joins a guest profile
 */
/** The request as a staff action needs it (modules/conversations/staff-actions.ts). */
const runtime = <E extends AppEnv>(c: Context<E>): Runtime => ({
  db: c.get('db'),
  env: c.env,
  waitUntil: (work) => c.executionCtx.waitUntil(work),
});

export const inboxAdmin = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/', validate('query', inboxQuerySchema), async (c) => {
    const user = c.get('user');
    return c.json(await listInbox(c.get('db'), user.id, c.req.valid('query')));
  })
  .get('/colleagues', async (c) => c.json({ colleagues: await colleagues(c.get('db')) }))
  .get('/saved-replies', async (c) => c.json({ replies: await listSavedReplies(c.get('db')) }))
  .post('/saved-replies', validate('json', savedReplySchema), async (c) => {
    const user = c.get('user');
    return c.json({ reply: await createSavedReply(c.get('db'), c.req.valid('json'), user.id) }, 201);
  })
  .put(
    '/saved-replies/:id',
    validate('param', idParamSchema),
    validate('json', savedReplySchema),
    async (c) =>
      c.json({ reply: await updateSavedReply(c.get('db'), c.req.valid('param').id, c.req.valid('json')) }),
  )
  .delete('/saved-replies/:id', validate('param', idParamSchema), async (c) => {
    await deleteSavedReply(c.get('db'), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .get(
    '/:threadId',
    validate('param', threadParamSchema),
    validate('query', threadMessagesQuerySchema),
    async (c) =>
      c.json(await threadDetail(c.get('db'), c.req.valid('param').threadId, c.req.valid('query').before)),
  )
  .get('/:threadId/messages/:messageId/media', validate('param', messageMediaParamSchema), async (c) => {
    const { threadId, messageId } = c.req.valid('param');
    return messageMedia(c.get('db'), c.env.IMAGES, threadId, messageId, c.req.header('range'));
  })
  .post(
    '/:threadId/messages',
    validate('param', threadParamSchema),
    validate('json', staffMessageSchema),
    async (c) => {
      const input = c.req.valid('json');
      const user = c.get('user');
      const idem = await idempotencyFrom(c, 'conversation_reply', {
        ...input,
        threadId: c.req.valid('param').threadId,
      });
      const { body, replayed } = createdAnswer(
        await staffReply(runtime(c), user, c.req.valid('param').threadId, input, idem),
      );
      createdHeaders(c, replayed);
      return c.json(body, 201);
    },
  )
  .patch('/:threadId', validate('param', threadParamSchema), validate('json', threadPatchSchema), async (c) =>
    c.json({ thread: await patchThread(runtime(c), c.req.valid('param').threadId, c.req.valid('json')) }),
  )
  .post(
    '/:threadId/link',
    validate('param', threadParamSchema),
    validate('json', threadLinkSchema),
    async (c) =>
      c.json(await linkThread(runtime(c), c.req.valid('param').threadId, c.req.valid('json').profileId)),
  );
