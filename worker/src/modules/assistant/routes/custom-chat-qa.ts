import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { listActiveQa } from '../custom-chat-qa';

/**
 * The spec's non-admin `GET /api/custom-chat-qa`: the active entries' questions and
 * answers, which the assistant tells anyone anyway. Writing is admin-only (modules/assistant/routes/admin/custom-chat-qa.ts).
 */
export const customChatQaRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const rows = await listActiveQa(c.get('db'));
  c.header('Cache-Control', 'public, max-age=30');
  return c.json(rows);
});
