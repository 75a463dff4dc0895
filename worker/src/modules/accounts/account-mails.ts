import { AUTH_RULES } from '../../../../shared/src/constants';
import { countText } from '../../platform/counts';
import type { Mail } from '../../platform/mail';

// The account e-mails (a code to reset a password or verify an address, a sign-up attempt on a
// taken address), in both languages.
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
