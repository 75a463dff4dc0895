import type { BatchItem } from 'drizzle-orm/batch';
import type { WhatsAppSend } from '@shared/whatsapp';
import type { Language } from '@shared/constants';
import { ApiError } from '../../platform/api-error';
import type { Db, Env } from '../../platform/env';
import { recipientOf } from './address';
import { GraphError, RE_ENGAGEMENT_ERROR, sendMessage, type OutgoingMessage } from './cloud-api';
import { whatsappSettings } from './config';
import { consentOf } from './consents';
import { applyStatusesStatement, keptStatusesToThread, lastInboundAt } from './messages';
import { windowOpen } from './rules';
import { approvedTemplate, automaticValues, fittingTemplates, templateMessage } from './templates';
import { whatsappMessages } from './tables';
import { threads } from './threads-port';

/**
 * One message to a phone on WhatsApp, Meta's rules and the guest's consent held here, whoever
 * sends (staff from the inbox, the automatic sends): free text only inside the window (else 409
 * `window_closed` with the approved templates that fit); a template only approved, with its
 * parameters, and only to a phone that consented (409 `whatsapp_not_opted_in`); nothing to a phone
 * that said STOP and has not written since. What was sent, or refused by the provider, is kept
 * (whatsapp_messages) and handed to the thread.
 */
export type SendResult = { wamid: string; messageId: number | null };

/**
 * What is sent: free text, a template with its values in the order of its fields (staff), or a
 * template with what the app has to say, named (`said`: the automatic sends and the phone
 * messages; templates.ts automaticValues puts each where the template wants it).
 */
export type SendContent =
  WhatsAppSend | { template: string; language?: string; said: readonly (readonly [string, string])[] };

type SendOptions = {
  now?: Date;
  /**
   * A message the guest asked for just now (a verification code they requested on WhatsApp): their
   * request is the opt-in for it (Meta: an opt-in is a person's action, such as entering their
   * number to receive the message). Everything else needs the phone's consent.
   */
  requested?: boolean;
  language?: Language | null;
  acknowledgement?: boolean;
  /**
   * Whether the message goes on the guest's thread here (default true): false when it is there
   * already (a staff reply the inbox queued), or when the caller puts a failure there itself
   * (`failure: false`: the automatic sends, once they give up, in the batch of their outcome).
   */
  thread?: { success: boolean; failure: boolean };
  /** The staff member who sent it (on the thread as theirs; else the hotel's, `system`). */
  staffUserId?: number;
};

export type PreparedSend = { message: OutgoingMessage; body: string; templateName: string | null };

/**
 * Meta's rules and the guest's consent for one message to a phone, before anything is sent: the
 * message as the provider hears it and the text the guest reads (a template's body with its
 * parameters in). Throws the refusals (409 window_closed, whatsapp_not_opted_in,
 * whatsapp_opted_out; 422 template_not_approved, template_parameters_mismatch).
 */
export async function prepareSend(
  env: Env,
  db: Db,
  phone: string,
  content: SendContent,
  options: SendOptions = {},
): Promise<PreparedSend> {
  const now = options.now ?? new Date();
  if (!whatsappSettings(env)) throw new ApiError(503, 'whatsapp_unavailable');
  const [last, consent] = await Promise.all([lastInboundAt(db, phone), consentOf(db, phone)]);
  const open = windowOpen(last, now);
  const stopped = consent?.optedIn === false && consent.source === 'stop';
  if (stopped && !options.acknowledgement && !options.requested && !(last && last > consent.changedAt)) {
    throw new ApiError(409, 'whatsapp_opted_out');
  }
  if ('text' in content) {
    if (!open) {
      throw new ApiError(409, 'window_closed', undefined, {
        templates: await fittingTemplates(db, options.language ?? null),
      });
    }
    const message = { type: 'text', to: recipientOf(phone), body: content.text } as const;
    return { message, body: content.text, templateName: null };
  }
  if (!consent?.optedIn && !options.requested) throw new ApiError(409, 'whatsapp_not_opted_in');
  const language = content.language ?? options.language ?? 'ar';
  const template = await approvedTemplate(db, content.template, language);
  if (!template) throw new ApiError(422, 'template_not_approved');
  const values = 'said' in content ? automaticValues(template, content.said) : content.parameters;
  if (!values || values.length !== template.fields.length)
    throw new ApiError(422, 'template_parameters_mismatch');
  // A media header is fetched by Meta from its link: a public https address.
  template.fields.forEach((field, i) => {
    if (field.kind !== 'text' && !/^https:\/\/[^\s]+$/.test(values[i]!))
      throw new ApiError(422, 'template_parameters_mismatch', { [`parameters.${i}`]: 'url_invalid' });
  });
  const { components, text } = templateMessage(template, values);
  const message = {
    type: 'template',
    to: recipientOf(phone),
    name: template.name,
    language: template.language,
    components,
  } as const;
  return { message, body: text, templateName: template.name };
}

export async function sendToPhone(
  env: Env,
  db: Db,
  phone: string,
  content: SendContent,
  options: SendOptions = {},
): Promise<SendResult> {
  const now = options.now ?? new Date();
  const settings = whatsappSettings(env);
  if (!settings) throw new ApiError(503, 'whatsapp_unavailable');
  const onThread = options.thread ?? { success: true, failure: true };
  const { message, body, templateName } = await prepareSend(env, db, phone, content, options);
  const kind = templateName ? 'template' : 'text';
  try {
    const wamid = await sendMessage(env, settings, message);
    const statements: BatchItem<'sqlite'>[] = [
      db
        .insert(whatsappMessages)
        .values({
          wamid,
          phone,
          direction: 'out',
          kind,
          body,
          templateName,
          status: 'accepted',
          createdAt: now,
        })
        .onConflictDoNothing(),
      // A status that came before this row (the webhook raced the answer) is applied now.
      applyStatusesStatement(db, wamid),
      ...(onThread.success
        ? threads().outbound(db, {
            phone,
            wamid,
            kind,
            text: body,
            at: now,
            status: 'accepted',
            staffUserId: options.staffUserId ?? null,
          })
        : []),
      // The thread's copy too (written just now, or given its wamid by the caller's own batch).
      ...(onThread.success ? keptStatusesToThread(db, wamid) : []),
    ];
    const [inserted] = (await db.batch(
      statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
    )) as unknown as [{ meta?: { last_row_id?: number } }];
    return { wamid, messageId: inserted?.meta?.last_row_id ?? null };
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    // Refused by the provider: kept as failed, on the thread too, so staff see it.
    await db.batch([
      db.insert(whatsappMessages).values({
        wamid: null,
        phone,
        direction: 'out',
        kind,
        body,
        templateName,
        status: 'failed',
        errorCode: err.code,
        errorTitle: err.title.slice(0, 500),
        failedAt: now,
        createdAt: now,
      }),
      ...(onThread.failure
        ? threads().outbound(db, {
            phone,
            wamid: null,
            kind,
            text: body,
            at: now,
            status: 'failed',
            error: err.title,
            staffUserId: options.staffUserId ?? null,
          })
        : []),
    ]);
    if (err.code === RE_ENGAGEMENT_ERROR) {
      throw new ApiError(409, 'window_closed', undefined, {
        templates: await fittingTemplates(db, options.language ?? null),
      });
    }
    throw Object.assign(new ApiError(502, 'whatsapp_send_failed'), {
      retryable: err.retryable,
      providerError: err,
    });
  }
}
