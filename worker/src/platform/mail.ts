import { desc, eq } from 'drizzle-orm';
import { devMailbox, type MailAttachment } from './tables';
import type { Db, Env } from './env';

/**
 * Sending e-mail, chosen by MAIL_PROVIDER:
 * - `dev`: written to the dev mailbox table (GET /api/dev/mailbox, /dev/mailbox);
 *   the only choice allowed in development, so tests and demos never send mail.
 * - `http`: POST {from, to, subject, text, html} with a bearer token to
 *   MAIL_HTTP_URL (the shape Resend's API takes; most e-mail APIs take it or
 *   a close variant).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (a booking's .ics), content base64. */
  attachments?: MailAttachment[];
  /** Sent to the provider as `Idempotency-Key`: a message it has taken once is not taken again. */
  idempotencyKey?: string;
};
export type { MailAttachment };

export async function sendMail(env: Env, db: Db, mail: Mail): Promise<void> {
  const provider = env.ENVIRONMENT === 'development' ? 'dev' : (env.MAIL_PROVIDER ?? 'http');
  if (provider === 'dev') {
    await db.insert(devMailbox).values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ?? [],
    });
    return;
  }
  if (!env.MAIL_HTTP_URL || !env.MAIL_HTTP_TOKEN) {
    throw new Error('MAIL_HTTP_URL and MAIL_HTTP_TOKEN are required to send e-mail in production.');
  }
  const res = await fetch(env.MAIL_HTTP_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${env.MAIL_HTTP_TOKEN}`,
      ...(mail.idempotencyKey && { 'idempotency-key': mail.idempotencyKey }),
    },
    body: JSON.stringify({
      from: env.MAIL_FROM,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.attachments?.length && {
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          content_type: a.contentType,
        })),
      }),
    }),
  });
  if (!res.ok) throw new Error(`E-mail provider answered ${res.status}`);
}

/**
 * The e-mails "sent" to an address in development, newest first (at most 50; modules/operations/routes/dev.ts):
 * with their HTML and attachments (content base64).
 */
export function devMailboxOf(db: Db, to: string) {
  return db
    .select({
      id: devMailbox.id,
      to: devMailbox.to,
      subject: devMailbox.subject,
      text: devMailbox.text,
      html: devMailbox.html,
      attachments: devMailbox.attachments,
      createdAt: devMailbox.createdAt,
    })
    .from(devMailbox)
    .where(eq(devMailbox.to, to))
    .orderBy(desc(devMailbox.id))
    .limit(50);
}

/** One e-mail's HTML in development (GET /api/dev/mailbox/:id/html, framed by /dev/mailbox). */
export async function devMailHtml(db: Db, id: number) {
  const row = await db.select({ html: devMailbox.html }).from(devMailbox).where(eq(devMailbox.id, id)).get();
  return row?.html ?? null;
}
