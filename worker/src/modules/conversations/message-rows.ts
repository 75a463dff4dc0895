import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/env';

/**
 * The messages of a notify event (platform/notify.ts `conversation_message_received`,
 * `conversation_reply_sent`; `where` is over `conversation_messages`) as the push channel reads
 * them (modules/messaging/push-outbox.ts): the message's id, the guest it concerns (their account,
 * or the device an app guest without one wrote from), and what the push names (`details`: the
 * guest's name, the thread, the first words). Staff notes are never a guest's push.
 */
export function conversationMessageRows(_db: Db, where: SQL): SQL {
  return sql`(select conversation_messages.id as id, t.user_id as user_id,
      case when t.user_id is null then t.guest_device_id end as device_id,
      json_object('threadId', t.id, 'preview', substr(conversation_messages.body, 1, 120),
        'guestName', coalesce(t.guest_name, (select gp.full_name from guest_profiles gp where gp.id = t.profile_id),
          (select u.full_name from users u where u.id = t.user_id), t.phone),
        'channel', conversation_messages.channel) as details
    from conversation_messages join conversation_threads t on t.id = conversation_messages.thread_id
    where conversation_messages.internal = 0 and ${where})`;
}
