import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParamSchema } from '../../../../shared/src/date-schemas';
import { keywordsFromQuestion, qaCreateSchema, qaUpdateSchema } from '../../../../shared/src/chat-schemas';
import { customChatQa, type CustomChatQa } from '../../db/schema/chat';
import { auditLog } from '../../db/schema/operations';
import type { AppEnv } from '../../env';
import { insertWhere } from '../../lib/atomic';
import { auditEntry } from '../../lib/audit';
import { requireRole } from '../../http/auth';
import { ApiError } from '../../lib/errors';
import { translate } from '../../lib/messages';
import { validate } from '../../http/validation';
import { answerIfChanged } from '../../http/versions';

/**
 * Admin: the assistant's custom Q&A (admin spec "Chat Q&A management" and section 7
 * `/api/admin/custom-chat-qa`). Admins only; each write and its audit line are one
 * D1 batch. Keywords left empty are made from the question.
 */
function listed(e: CustomChatQa) {
  return {
    id: e.id,
    question: e.question,
    answer: e.answer,
    keywords: e.keywords,
    isActive: e.isActive,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

/** What the database refuses (migration 0012: a blank question or answer) as a 400. */
function qaRefusal(err: unknown): never {
  if (
    String((err as Error)?.message ?? err) +
    String((err as { cause?: unknown })?.cause ?? '').includes('qa_blank')
  ) {
    throw new ApiError(400, 'validation_failed', { question: 'qa_question_required' });
  }
  throw err;
}

export const chatQaAdmin = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => {
    await answerIfChanged(c, ['chat_qa'], 'admin');
    const rows = await c
      .get('db')
      .select()
      .from(customChatQa)
      .orderBy(desc(customChatQa.createdAt), desc(customChatQa.id))
      .limit(1000);
    c.header('Cache-Control', 'no-store');
    return c.json(rows.map(listed));
  })
  .post('/', validate('json', qaCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const values = {
      question: input.question,
      answer: input.answer,
      keywords: input.keywords?.length ? input.keywords : keywordsFromQuestion(input.question),
      isActive: input.isActive ?? true,
    };
    const [inserted] = await db
      .batch([
        db.insert(customChatQa).values(values).returning(),
        // Same batch, same connection: last_insert_rowid() is the entry just made.
        insertWhere(
          db,
          auditLog,
          {
            ...auditEntry(c.get('user'), 'chat_qa.create', 'chat_qa', null, null, values),
            entityId: sql`cast(last_insert_rowid() as text)`,
          },
          sql`1`,
        ),
      ])
      .catch(qaRefusal);
    return c.json({ message: translate('qa_saved', c.get('language')), entry: listed(inserted[0]!) }, 201);
  })
  .put('/:id', validate('param', idParamSchema), validate('json', qaUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const db = c.get('db');
    const before = await db.select().from(customChatQa).where(eq(customChatQa.id, id)).get();
    if (!before) throw new ApiError(404, 'qa_not_found');
    const question = input.question ?? before.question;
    const changes = {
      question,
      answer: input.answer ?? before.answer,
      keywords:
        input.keywords === undefined
          ? before.keywords
          : input.keywords.length
            ? input.keywords
            : keywordsFromQuestion(question),
      isActive: input.isActive ?? before.isActive,
    };
    const [updated] = await db
      .batch([
        db
          .update(customChatQa)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(customChatQa.id, id))
          .returning(),
        db
          .insert(auditLog)
          .values(auditEntry(c.get('user'), 'chat_qa.update', 'chat_qa', id, listed(before), changes)),
      ])
      .catch(qaRefusal);
    if (!updated[0]) throw new ApiError(404, 'qa_not_found');
    return c.json({ message: translate('qa_saved', c.get('language')), entry: listed(updated[0]) });
  })
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const before = await db.select().from(customChatQa).where(eq(customChatQa.id, id)).get();
    if (!before) throw new ApiError(404, 'qa_not_found');
    await db.batch([
      db.delete(customChatQa).where(eq(customChatQa.id, id)),
      db
        .insert(auditLog)
        .values(auditEntry(c.get('user'), 'chat_qa.delete', 'chat_qa', id, listed(before), null)),
    ]);
    return c.json({ message: translate('qa_deleted', c.get('language')) });
  });
