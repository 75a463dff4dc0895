/**
 * Every text the API sends to a person, in Arabic and English. Error
 * responses carry a stable `code` for programs and a `message` in the
 * request's language for people.
 */
export const MESSAGES = {
  not_found: { ar: 'غير موجود', en: 'Not found' },
  route_not_found: { ar: 'هذا المسار غير موجود', en: 'This API route does not exist' },
  internal_error: {
    ar: 'حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى',
    en: 'An unexpected error occurred. Please try again.',
  },
  validation_failed: { ar: 'بعض الحقول غير صحيحة', en: 'Some fields are not valid' },
  invalid_json: { ar: 'نص الطلب ليس JSON صالحاً', en: 'The request body is not valid JSON' },
  invalid_date: { ar: 'التاريخ غير صالح (YYYY-MM-DD)', en: 'Invalid date (YYYY-MM-DD)' },
  from_and_to_together: {
    ar: 'يجب إرسال تاريخي البداية والنهاية معاً',
    en: 'Send both from and to, or neither',
  },
  to_after_from: {
    ar: 'تاريخ النهاية يجب أن يكون بعد تاريخ البداية',
    en: 'The end date must be after the start date',
  },
  invalid_room_type: { ar: 'نوع الغرفة غير صالح', en: 'Invalid room type' },
  database_unavailable: { ar: 'قاعدة البيانات غير متاحة', en: 'The database is unavailable' },
} as const satisfies Record<string, { ar: string; en: string }>;

export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

export function translate(code: string, language: 'ar' | 'en'): string {
  return isMessageCode(code) ? MESSAGES[code][language] : code;
}
