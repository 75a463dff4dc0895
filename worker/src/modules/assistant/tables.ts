import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').notNull(),
    message: text('message').notNull(),
    isBot: integer('is_bot', { mode: 'boolean' }).notNull().default(false),
    timestamp: integer('timestamp', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('chat_messages_session_id_idx').on(t.sessionId, t.timestamp),
    index('chat_messages_timestamp_idx').on(t.timestamp),
  ],
);

/** The assistant's step-by-step booking state, echoed to the app as `bookingState`. */
export const chatBookingSessions = sqliteTable(
  'chat_booking_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').notNull(),
    currentStep: text('current_step').notNull().default('room_type'),
    bookingData: text('booking_data', { mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    isCompleted: integer('is_completed', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The signed-in account the conversation belongs to (migration 0012). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Stamped by the one request that wins the final "yes" (platform/atomic.ts). */
    changeToken: text('change_token'),
  },
  (t) => [
    uniqueIndex('chat_booking_sessions_session_id_idx').on(t.sessionId),
    index('chat_booking_sessions_updated_at_idx').on(t.updatedAt),
    // A guest's export and erasure (migration 0032).
    index('chat_booking_sessions_user_id_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

export type ChatBookingSession = typeof chatBookingSessions.$inferSelect;

/** The admin's custom answers, matched before anything else. */
export const customChatQa = sqliteTable(
  'custom_chat_qa',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    keywords: text('keywords', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('custom_chat_qa_is_active_idx').on(t.isActive)],
);
export type CustomChatQa = typeof customChatQa.$inferSelect;
