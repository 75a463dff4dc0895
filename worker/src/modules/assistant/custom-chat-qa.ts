import { desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { keywordsFromQuestion, type QaCreate, type QaUpdate } from '@shared/chat-schemas';
import { customChatQa, type CustomChatQa } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';

/**
 * The assistant's custom Q&A (admin spec "Chat Q&A management" and section 7
 * `/api/admin/custom-chat-qa`; modules/assistant/routes/admin/custom-chat-qa.ts, modules/assistant/routes/custom-chat-qa.ts).
 * Each write and its audit line are one D1 batch. Keywords left empty are made from the question.
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

/** Whether an error (or any error it was caused by) is the database's own refusal `code`. */
function refusedWith(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e != null && depth < 5; depth++) {
    const message = e instanceof Error ? e.message : String(e);
    if (message.includes(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What the database refuses that the admin can fix (migration 0012: a blank question or
 * answer) as a 400 on that field. Anything else is a real failure and is thrown on as is,
 * so `onError` answers 500.
 */
function qaRefusal(values: { question: string }) {
  return (err: unknown): never => {
    if (refusedWith(err, 'qa_blank')) {
      throw values.question.trim() === ''
        ? new ApiError(400, 'validation_failed', { question: 'qa_question_required' })
        : new ApiError(400, 'validation_failed', { answer: 'qa_answer_required' });
    }
    throw err;
  };
}

/** Every entry, newest first (at most 1,000), as the admin edits them. */
export async function listQa(db: Db) {
  const rows = await db
    .select()
    .from(customChatQa)
    .orderBy(desc(customChatQa.createdAt), desc(customChatQa.id))
    .limit(1000);
  return rows.map(listed);
}

/** The active entries' questions and answers, which the assistant tells anyone anyway. */
export function listActiveQa(db: Db) {
  return db
    .select({ id: customChatQa.id, question: customChatQa.question, answer: customChatQa.answer })
    .from(customChatQa)
    .where(eq(customChatQa.isActive, true))
    .orderBy(desc(customChatQa.createdAt))
    .limit(500);
}

/** A new entry and its audit line, one batch. */
export async function createQa(db: Db, actor: SessionUser, input: QaCreate) {
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
          ...auditEntry(actor, 'chat_qa.create', 'chat_qa', null, null, values),
          entityId: sql`cast(last_insert_rowid() as text)`,
        },
        sql`1`,
      ),
    ])
    .catch(qaRefusal(values));
  return listed(inserted[0]!);
}

/** An entry edited (only the fields given; 404 if there is none) and its audit line, one batch. */
export async function updateQa(db: Db, actor: SessionUser, id: number, input: QaUpdate) {
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
      db.insert(auditLog).values(auditEntry(actor, 'chat_qa.update', 'chat_qa', id, listed(before), changes)),
    ])
    .catch(qaRefusal(changes));
  if (!updated[0]) throw new ApiError(404, 'qa_not_found');
  return listed(updated[0]);
}

/** An entry deleted (404 if there is none) and its audit line, one batch. */
export async function deleteQa(db: Db, actor: SessionUser, id: number): Promise<void> {
  const before = await db.select().from(customChatQa).where(eq(customChatQa.id, id)).get();
  if (!before) throw new ApiError(404, 'qa_not_found');
  await db.batch([
    db.delete(customChatQa).where(eq(customChatQa.id, id)),
    db.insert(auditLog).values(auditEntry(actor, 'chat_qa.delete', 'chat_qa', id, listed(before), null)),
  ]);
}
