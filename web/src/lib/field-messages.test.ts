import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, verifyEmailSchema } from '@shared/auth-schemas';
import { bookingRequestSchema } from '@shared/booking-schemas';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
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

  it('reads a booking typed with Arabic-Indic digits, with the spec codes for what is missing', () => {
    // zod checks the dates' order only once every field is valid: the form also says it at once.
    const result = validateWith(bookingRequestSchema, {
      fullName: 'سالم',
      phoneNumber: '٩١٢٣ ٤٥٦٧',
      idNumber: '١٢٣٤٥٦٧٨',
      checkInDate: '2026-12-05',
      checkOutDate: '2026-12-03',
      roomType: 'silver',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        bedType: 'bed_type_required',
        smokingPreference: 'smoking_required',
      },
    });
  });

  it('accepts a code typed in Arabic-Indic digits', () => {
    const result = validateWith(verifyEmailSchema, { email: 'a@example.com', verificationCode: '١٢٣٤٥٦' });
    expect(result).toEqual({ ok: true, data: { email: 'a@example.com', verificationCode: '123456' } });
  });
});

describe('fieldMessage', () => {
  it('says each code in the active language', () => {
    i18n.activate('ar');
    expect(fieldMessage(i18n, 'code_length')).toBe('رمز التحقق يجب أن يكون ٦ أرقام');
    expect(fieldMessage(i18n, 'email_required')).toBe('البريد الإلكتروني مطلوب');
    i18n.activate('en');
    expect(fieldMessage(i18n, 'password_min')).toBe('Password must be at least 8 characters');
  });

  it('says the booking codes as the server does', () => {
    i18n.activate('ar');
    expect(fieldMessage(i18n, 'check_out_after_check_in')).toBe(
      'تاريخ المغادرة يجب أن يكون بعد تاريخ الوصول',
    );
    expect(fieldMessage(i18n, 'room_type_required')).toBe('يرجى اختيار نوع الغرفة');
    i18n.activate('en');
    expect(fieldMessage(i18n, 'check_out_after_check_in')).toBe('Check-out date must be after check-in date');
    expect(fieldMessage(i18n, 'stay_too_long')).toBe('A stay can be 30 nights at most');
  });

  it('names the limits of shared/src/constants.ts, in the same sentences as before', () => {
    i18n.activate('ar');
    // Two letters: the Arabic dual, no digit.
    expect(fieldMessage(i18n, 'name_min')).toBe('الاسم يجب أن يكون حرفين على الأقل');
    expect(fieldMessage(i18n, 'guests_range')).toBe('عدد الضيوف من ١ إلى ١٢');
    expect(fieldMessage(i18n, 'stay_too_long')).toBe('أقصى مدة للإقامة ٣٠ ليلة');
    i18n.activate('en');
    expect(fieldMessage(i18n, 'password_max')).toBe('Password is too long (128 characters at most)');
    expect(fieldMessage(i18n, 'full_name_max')).toBe('Name is too long (100 characters at most)');
  });

  it("passes the server's own sentences through, and nothing for no error", () => {
    expect(fieldMessage(i18n, 'هذا البريد الإلكتروني مسجل بالفعل')).toBe('هذا البريد الإلكتروني مسجل بالفعل');
    expect(fieldMessage(i18n, undefined)).toBeUndefined();
  });
});
