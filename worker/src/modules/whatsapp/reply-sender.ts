import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { templateAppLanguage } from '@shared/whatsapp';
import { ApiError } from '../../platform/api-error';
import type { Db, Env } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { whatsappSettings } from './config';
import { consentOf } from './consents';
import { deliverWhatsApp } from './delivery';
import { prepareSend } from './sending';
import { lastInboundAt } from './messages';
import { windowOpen } from './rules';
import { fittingTemplates } from './templates';
import { whatsappOutbox } from './tables';

/**
 * The sender of staff replies on a WhatsApp thread (the conversations' channel-sender port,
 * decision 088): checked before anything is stored (the link on, the 24-hour window open: else
 * 409 `window_closed` with the templates; not after a STOP the guest has not written since),
 * queued as an outbox row in the reply's own batch (a template likewise, its rules checked first), delivered after the answer by the outbox
 * (delivery.ts), the conversation message told of its wamid or its failure.
 */
type Thread = { phone: string | null };
type TemplateInput = { template: string; language?: string; parameters: string[] };

export const whatsappReplySender = {
  async check(db: Db, thread: Thread, env: Env): Promise<void> {
    if (!whatsappSettings(env) || !thread.phone) throw new ApiError(503, 'whatsapp_unavailable');
    const now = new Date();
    const [last, consent] = await Promise.all([lastInboundAt(db, thread.phone), consentOf(db, thread.phone)]);
    if (consent?.optedIn === false && consent.source === 'stop' && !(last && last > consent.changedAt)) {
      throw new ApiError(409, 'whatsapp_opted_out');
    }
    if (!windowOpen(last, now)) {
      throw new ApiError(409, 'window_closed', undefined, { templates: await fittingTemplates(db, null) });
    }
  },
  /**
   * A template from the inbox: every rule of `sendToPhone` held before anything is stored (approved
   * in that language, its parameters, the phone's consent); the text the guest will read answered.
   */
  async checkTemplate(db: Db, thread: Thread, env: Env, input: TemplateInput) {
    if (!whatsappSettings(env) || !thread.phone) throw new ApiError(503, 'whatsapp_unavailable');
    const { body, message } = await prepareSend(env, db, thread.phone, {
      ...input,
      language: input.language ?? 'ar',
    });
    // The template's own language code (`en_GB`…), so the delivery sends what was checked.
    return {
      text: body,
      language: message.type === 'template' ? message.language : (input.language ?? 'ar'),
    };
  },
  queueStatements(
    db: Db,
    reply: { thread: Thread; messageId: SQL; text: string; template?: Required<TemplateInput> },
  ): BatchItem<'sqlite'>[] {
    if (!reply.thread.phone) return [];
    const { template } = reply;
    return [
      insertWhere(
        db,
        whatsappOutbox,
        {
          dedupeKey: sql`'reply:' || ${reply.messageId}`,
          kind: template ? 'staff_template' : 'staff_reply',
          phone: reply.thread.phone,
          lang: (template && templateAppLanguage(template.language)) ?? 'ar',
          // A template's name, language and values (delivery.ts sends them as they were checked).
          body: template
            ? JSON.stringify({
                template: template.template,
                language: template.language,
                parameters: template.parameters,
              })
            : reply.text,
          conversationMessageId: reply.messageId,
          nextAttemptAt: new Date(),
        },
        sql`${reply.messageId} is not null`,
      ),
    ];
  },
  deliver: (env: Env, db: Db) => deliverWhatsApp(env, db),
  /** The phone's consent as it stands: a template goes only to one that opted in. */
  async consent(db: Db, phone: string) {
    const row = await consentOf(db, phone);
    if (row?.optedIn) return 'opted_in' as const;
    return row?.source === 'stop' ? ('opted_out' as const) : ('not_opted_in' as const);
  },
};
