import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { qaCreateSchema, qaUpdateSchema } from '@shared/chat-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { answerIfChanged } from '../../../../platform/etag-answers';
import { createQa, deleteQa, listQa, updateQa } from '../../custom-chat-qa';
import { translate } from '../../../../platform/messages';

/**
 * /api/admin/custom-chat-qa: the assistant's custom Q&A (admins only; the rules in
 * modules/assistant/custom-chat-qa.ts). A blank entry the database refuses is a 400; any other
 * database failure a 500 (onError).
 */
export const chatQaAdmin = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => {
    await answerIfChanged(c, ['chat_qa'], 'admin');
    const entries = await listQa(c.get('db'));
    c.header('Cache-Control', 'no-store');
    return c.json(entries);
  })
  .post('/', validate('json', qaCreateSchema), async (c) => {
    const entry = await createQa(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('qa_saved', c.get('language')), entry }, 201);
  })
  .put('/:id', validate('param', idParamSchema), validate('json', qaUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const entry = await updateQa(c.get('db'), c.get('user'), id, c.req.valid('json'));
    return c.json({ message: translate('qa_saved', c.get('language')), entry });
  })
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    await deleteQa(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({ message: translate('qa_deleted', c.get('language')) });
  });
