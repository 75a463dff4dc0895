import type { I18n } from '@lingui/core';
import type { ZodType } from 'zod';
import { FORM_ERROR_CODES, type FormErrorCode } from '@shared/error-codes';
import { formErrorMessage } from '@shared/message-catalogue';

const formErrorCodes: ReadonlySet<string> = new Set(FORM_ERROR_CODES);
const isFormErrorCode = (code: string): code is FormErrorCode => formErrorCodes.has(code);

/**
 * Field errors are kept as codes of the shared zod schemas (shared/src/auth-schemas.ts,
 * booking-schemas.ts) or as the server's sentences (already translated); this shows either in
 * the active language. A code's sentence comes from the shared catalogue
 * (shared/src/locales), the very entry the worker answers with, limits included.
 */
export function fieldMessage(i18n: I18n, codeOrText: string | undefined): string | undefined {
  if (!codeOrText) return undefined;
  if (!isFormErrorCode(codeOrText)) return codeOrText;
  return formErrorMessage(codeOrText, i18n.locale === 'ar' ? 'ar' : 'en');
}

/** Field errors by field name: a code of the shared schemas, or the server's own sentence. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** Checks `values` with a shared schema: the parsed data, or the first error code of each field. */
export function validateWith<T>(
  schema: ZodType<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
