import { desc, eq } from 'drizzle-orm';
import { devMailbox, type MailAttachment } from './tables';
import { AUTH_RULES } from '../../../shared/src/constants';
import type { Db, Env } from './env';
import { countText } from './counts';

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

/** The hotel as an e-mail names it: its names and how to reach it (from the site settings). */
export type MailHotel = { nameAr: string; nameEn: string; contact: string };

export function hotelOf(settings: {
  siteName: string;
  siteNameAr: string;
  contactPhone: string;
  contactEmail: string;
}): MailHotel {
  return {
    nameAr: settings.siteNameAr,
    nameEn: settings.siteName,
    contact: [settings.contactPhone, settings.contactEmail].filter(Boolean).join(' · '),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** How long a code works, in each language: "١٠ دقائق" / "10 minutes" (one formatter, plural forms). */
const codeLife = (lang: 'ar' | 'en') => countText(AUTH_RULES.codeTtlMs / 60_000, lang, 'minutes');
/** A code inside Arabic text: as typed (Latin digits), isolated left to right. */
const ltrText = (code: string) => `\u2066${code}\u2069`;
const ltrHtml = (code: string) => `<bdi dir="ltr">${escapeHtml(code)}</bdi>`;

/** The hotel's contacts under both languages of an e-mail, when it has any. */
function contactLines(hotel: MailHotel) {
  if (!hotel.contact) return { text: [] as string[], html: '' };
  return {
    text: ['', `${hotel.nameAr} · ${hotel.nameEn}: ${hotel.contact}`],
    html: `<hr><p dir="ltr">${escapeHtml(hotel.nameEn)} · ${escapeHtml(hotel.contact)}</p>`,
  };
}

/** The password-reset code (DESIGN.md: same rules as verification). */
export function passwordResetMail(to: string, fullName: string, code: string, hotel: MailHotel): Mail {
  const contact = contactLines(hotel);
  const text = [
    `مرحباً ${fullName}،`,
    `رمز إعادة تعيين كلمة المرور في ${hotel.nameAr} هو: ${ltrText(code)}`,
    `الرمز صالح لمدة ${codeLife('ar')}. إذا لم تطلب إعادة تعيين كلمة المرور فتجاهل هذه الرسالة، ولن يتغير شيء.`,
    '',
    `Hello ${fullName},`,
    `Your ${hotel.nameEn} password reset code is: ${code}`,
    `The code is valid for ${codeLife('en')}. If you did not ask to reset your password, ignore this e-mail; nothing changes.`,
    ...contact.text,
  ].join('\n');
  const escape = escapeHtml;
  const html = `<div dir="rtl" lang="ar"><p>مرحباً ${escape(fullName)}،</p><p>رمز إعادة تعيين كلمة المرور: <strong style="font-size:1.5em;letter-spacing:.2em">${ltrHtml(code)}</strong></p><p>الرمز صالح لمدة ${codeLife('ar')}. إذا لم تطلبه فتجاهل هذه الرسالة.</p></div><hr><div dir="ltr" lang="en"><p>Hello ${escape(fullName)},</p><p>Your password reset code: <strong style="font-size:1.5em;letter-spacing:.2em">${code}</strong></p><p>The code is valid for ${codeLife('en')}. If you did not ask for it, ignore this e-mail.</p></div>${contact.html}`;
  return {
    to,
    subject: `إعادة تعيين كلمة المرور · Password reset — ${hotel.nameAr} · ${hotel.nameEn}`,
    text,
    html,
  };
}

/** The bilingual verification e-mail (Arabic first) carrying the 6-digit code. */
export function verificationMail(to: string, fullName: string, code: string, hotel: MailHotel): Mail {
  const contact = contactLines(hotel);
  const text = [
    `مرحباً ${fullName}،`,
    `رمز التحقق الخاص بك في ${hotel.nameAr} هو: ${ltrText(code)}`,
    `الرمز صالح لمدة ${codeLife('ar')}. إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.`,
    '',
    `Hello ${fullName},`,
    `Your ${hotel.nameEn} verification code is: ${code}`,
    `The code is valid for ${codeLife('en')}. If you did not ask for it, ignore this e-mail.`,
    ...contact.text,
  ].join('\n');
  const escape = escapeHtml;
  const html = `<div dir="rtl" lang="ar"><p>مرحباً ${escape(fullName)}،</p><p>رمز التحقق الخاص بك: <strong style="font-size:1.5em;letter-spacing:.2em">${ltrHtml(code)}</strong></p><p>الرمز صالح لمدة ${codeLife('ar')}.</p></div><hr><div dir="ltr" lang="en"><p>Hello ${escape(fullName)},</p><p>Your verification code: <strong style="font-size:1.5em;letter-spacing:.2em">${code}</strong></p><p>The code is valid for ${codeLife('en')}.</p></div>${contact.html}`;
  return { to, subject: `رمز التحقق · Verification code — ${hotel.nameAr} · ${hotel.nameEn}`, text, html };
}

/**
 * Someone registered with the address of a verified account (modules/accounts/sign-up-and-sign-in.ts register): the
 * answer did not say the account exists, so its owner is told here, in both languages as
 * every e-mail (an account keeps no language of its own), Arabic first.
 */
export function registrationAttemptMail(to: string, fullName: string, hotel: MailHotel): Mail {
  const contact = contactLines(hotel);
  const text = [
    `مرحباً ${fullName}،`,
    `حاول أحدهم إنشاء حساب جديد في ${hotel.nameAr} بعنوان بريدك الإلكتروني هذا، ولديك حساب به بالفعل.`,
    'سجّل الدخول بحسابك، أو أعد تعيين كلمة المرور إذا نسيتها. إذا لم تكن أنت فتجاهل هذه الرسالة؛ لم يتغير شيء في حسابك.',
    '',
    `Hello ${fullName},`,
    `Someone tried to register at ${hotel.nameEn} with this e-mail address, which already has an account.`,
    'Sign in to your account, or reset your password if you have forgotten it. If it was not you, ignore this e-mail; nothing in your account has changed.',
    ...contact.text,
  ].join('\n');
  const escape = escapeHtml;
  const html = `<div dir="rtl" lang="ar"><p>مرحباً ${escape(fullName)}،</p><p>حاول أحدهم إنشاء حساب جديد بعنوان بريدك الإلكتروني هذا، ولديك حساب به بالفعل.</p><p>سجّل الدخول، أو أعد تعيين كلمة المرور إذا نسيتها. إذا لم تكن أنت فتجاهل هذه الرسالة؛ لم يتغير شيء في حسابك.</p></div><hr><div dir="ltr" lang="en"><p>Hello ${escape(fullName)},</p><p>Someone tried to register with this e-mail address, which already has an account.</p><p>Sign in, or reset your password if you have forgotten it. If it was not you, ignore this e-mail; nothing in your account has changed.</p></div>${contact.html}`;
  return {
    to,
    subject: `محاولة تسجيل ببريدك · Someone tried to register with your address — ${hotel.nameAr} · ${hotel.nameEn}`,
    text,
    html,
  };
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
