import { devMailbox } from '../db/schema/operations';
import type { Db, Env } from '../env';

/**
 * Sending e-mail, chosen by MAIL_PROVIDER:
 * - `dev`: written to the dev mailbox table (GET /api/dev/mailbox, /dev/mailbox);
 *   the only choice allowed in development, so tests and demos never send mail.
 * - `http`: POST {from, to, subject, text, html} with a bearer token to
 *   MAIL_HTTP_URL (the shape Resend's API takes; most e-mail APIs take it or
 *   a close variant).
 */
export type Mail = { to: string; subject: string; text: string; html?: string };

export async function sendMail(env: Env, db: Db, mail: Mail): Promise<void> {
  const provider = env.ENVIRONMENT === 'development' ? 'dev' : (env.MAIL_PROVIDER ?? 'http');
  if (provider === 'dev') {
    await db
      .insert(devMailbox)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return;
  }
  if (!env.MAIL_HTTP_URL || !env.MAIL_HTTP_TOKEN) {
    throw new Error('MAIL_HTTP_URL and MAIL_HTTP_TOKEN are required to send e-mail in production.');
  }
  const res = await fetch(env.MAIL_HTTP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${env.MAIL_HTTP_TOKEN}` },
    body: JSON.stringify({
      from: env.MAIL_FROM,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    }),
  });
  if (!res.ok) throw new Error(`E-mail provider answered ${res.status}`);
}

/** The bilingual verification e-mail (Arabic first) carrying the 6-digit code. */
/** The password-reset code (DESIGN.md: same rules as verification). */
export function passwordResetMail(to: string, fullName: string, code: string): Mail {
  const text = [
    `مرحباً ${fullName}،`,
    `رمز إعادة تعيين كلمة المرور في فندق المعبيلة هو: ${code}`,
    'الرمز صالح لمدة ١٠ دقائق. إذا لم تطلب إعادة تعيين كلمة المرور فتجاهل هذه الرسالة، ولن يتغير شيء.',
    '',
    `Hello ${fullName},`,
    `Your Al Maabila Hotel password reset code is: ${code}`,
    'The code is valid for 10 minutes. If you did not ask to reset your password, ignore this e-mail; nothing changes.',
  ].join('\n');
  const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const html = `<div dir="rtl" lang="ar"><p>مرحباً ${escape(fullName)}،</p><p>رمز إعادة تعيين كلمة المرور: <strong style="font-size:1.5em;letter-spacing:.2em">${code}</strong></p><p>الرمز صالح لمدة ١٠ دقائق. إذا لم تطلبه فتجاهل هذه الرسالة.</p></div><hr><div dir="ltr" lang="en"><p>Hello ${escape(fullName)},</p><p>Your password reset code: <strong style="font-size:1.5em;letter-spacing:.2em">${code}</strong></p><p>The code is valid for 10 minutes. If you did not ask for it, ignore this e-mail.</p></div>`;
  return {
    to,
    subject: 'إعادة تعيين كلمة المرور · Password reset — فندق المعبيلة · Al Maabila Hotel',
    text,
    html,
  };
}

export function verificationMail(to: string, fullName: string, code: string): Mail {
  const text = [
    `مرحباً ${fullName}،`,
    `رمز التحقق الخاص بك في فندق المعبيلة هو: ${code}`,
    'الرمز صالح لمدة 10 دقائق. إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.',
    '',
    `Hello ${fullName},`,
    `Your Al Maabila Hotel verification code is: ${code}`,
    'The code is valid for 10 minutes. If you did not ask for it, ignore this e-mail.',
  ].join('\n');
  const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const html = `<div dir="rtl" lang="ar"><p>مرحباً ${escape(fullName)}،</p><p>رمز التحقق الخاص بك: <strong style="font-size:1.5em;letter-spacing:.2em">${code}</strong></p><p>الرمز صالح لمدة 10 دقائق.</p></div><hr><div dir="ltr" lang="en"><p>Hello ${escape(fullName)},</p><p>Your verification code: <strong style="font-size:1.5em;letter-spacing:.2em">${code}</strong></p><p>The code is valid for 10 minutes.</p></div>`;
  return { to, subject: 'رمز التحقق · Verification code — فندق المعبيلة · Al Maabila Hotel', text, html };
}
