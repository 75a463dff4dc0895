import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { deliverEmails } from '../src/modules/messaging/email-delivery';
import type { Env } from '../src/platform/env';
import { call } from './helpers';

/**
 * The e-mail tests' shared parts (email-messages and email-outbox-sending): a booking made from
 * its own client address, the outbox's rows and the dev mailbox of one recipient.
 */

const db = drizzle(env.DB);
const workerEnv = env as unknown as Env;

/** A message in the dev mailbox. */
export type Mail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
  createdAt: string;
};
/** A row of email_outbox, as the database holds it. */
export type OutboxRow = {
  id: number;
  kind: string;
  recipient: string;
  lang: string;
  entity_id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
};

let ip = 0;
/** A client address of the mail tests' own, a new one each time (no shared throttle). */
export const nextAddress = () => `198.51.100.${++ip}`;
/** Posts a booking request, each from a client address of its own (no shared throttle). */
export async function book(
  body: Record<string, unknown>,
  opts: { cookie?: string; lang?: 'ar' | 'en' } = {},
) {
  const res = await call('/api/booking-submissions', {
    method: 'POST',
    json: body,
    cookie: opts.cookie,
    lang: opts.lang,
    headers: { 'cf-connecting-ip': nextAddress() },
  });
  return { res, body: (await res.json()) as { booking: { id: number; reference: string } } };
}

/** The outbox's rows for `recipient`, oldest first. */
export async function outbox(recipient: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare('select * from email_outbox where recipient = ? order by id')
    .bind(recipient)
    .all<OutboxRow>();
  return results;
}

/** What the dev mailbox holds for `to`. */
export async function mailbox(to: string): Promise<Mail[]> {
  return (await (await call(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as Mail[];
}

/**
 * The mailbox once it holds `count` messages (delivery runs after each answer; this one helps it
 * along). Up to 15 s: the first message of an isolate loads React Email, which took over 5 s on a
 * 2-core machine busy with the browser journeys too (a claimed row waits for that delivery).
 */
export async function mailsTo(to: string, count: number): Promise<Mail[]> {
  for (const end = Date.now() + 15_000; Date.now() < end;) {
    await deliverEmails(workerEnv, db);
    const mails = await mailbox(to);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  const got = (await mailbox(to)).map((m) => m.subject);
  throw new Error(
    `${to} never received ${count} messages: ${JSON.stringify({ got, outbox: await outbox(to) })}`,
  );
}

/** Changes booking `id`'s status through the desk's API. */
export const setStatus = (id: number, status: string, cookie: string, reason?: string) =>
  call(`/api/booking-submissions/${id}/status`, { method: 'PATCH', json: { status, reason }, cookie });
