import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, verifyEmailSchema } from '../../../shared/src/auth-schemas';
import { messages as ar } from '../locales/ar.po';
import { messages as en } from '../locales/en.po';
import { fieldMessage, validateWith } from './field-messages';

const i18n = setupI18n({ locale: 'ar', messages: { ar, en } });

describe('validateWith', () => {
  it('gives the first error code of each field', () => {
    const result = validateWith(registerSchema, { fullName: 'A', email: 'not-an-address', password: '123' });
    expect(result).toEqual({
      ok: false,
      errors: { fullName: 'full_name_min', email: 'email_invalid', password: 'password_min' },
    });
  });

  it('returns the parsed data: trimmed, lower-case e-mail', () => {
    const result = validateWith(loginSchema, { email: '  Guest@Example.COM ', password: 'x' });
    expect(result).toEqual({ ok: true, data: { email: 'guest@example.com', password: 'x' } });
  });

  it('accepts a code typed in Arabic-Indic digits', () => {
    const result = validateWith(verifyEmailSchema, { email: 'a@example.com', verificationCode: '١٢٣٤٥٦' });
    expect(result).toEqual({ ok: true, data: { email: 'a@example.com', verificationCode: '123456' } });
  });
});

describe('fieldMessage', () => {
  it('says each code in the active language', () => {
    i18n.activate('ar');
    expect(fieldMessage(i18n, 'code_length')).toBe('رمز التحقق يجب أن يكون 6 أرقام');
    expect(fieldMessage(i18n, 'email_required')).toBe('البريد الإلكتروني مطلوب');
    i18n.activate('en');
    expect(fieldMessage(i18n, 'password_min')).toBe('Password must be at least 6 characters');
  });

  it("passes the server's own sentences through, and nothing for no error", () => {
    expect(fieldMessage(i18n, 'هذا البريد الإلكتروني مسجل بالفعل')).toBe('هذا البريد الإلكتروني مسجل بالفعل');
    expect(fieldMessage(i18n, undefined)).toBeUndefined();
  });
});
