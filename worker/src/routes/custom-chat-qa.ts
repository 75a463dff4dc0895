import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { customChatQa } from '../db/schema/chat';
import type { AppEnv } from '../env';

/**
 * The spec's non-admin `GET /api/custom-chat-qa`: the active entries' questions and
 * answers, which the assistant tells anyone anyway. Writing is admin-only (routes/admin/custom-chat-qa.ts).
 */
export const customChatQaRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const rows = await c
    .get('db')
    .select({ id: customChatQa.id, question: customChatQa.question, answer: customChatQa.answer })
    .from(customChatQa)
    .where(eq(customChatQa.isActive, true))
    .orderBy(desc(customChatQa.createdAt))
    .limit(500);
  c.header('Cache-Control', 'public, max-age=30');
  return c.json(rows);
});
