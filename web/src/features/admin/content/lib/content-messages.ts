import type { I18n } from '@lingui/core';
import { fieldMessage, type FieldErrors } from '@/lib/field-messages';

/**
 * Field errors of the content schemas (shared/src/content-schemas.ts, the stay policy) with
 * their codes turned into sentences of the active language, for the settings, offers and
 * services forms: the shared catalogue's entries, the ones the worker answers with.
 */
export function contentErrors<Field extends string>(
  i18n: I18n,
  errors: FieldErrors<Field>,
): FieldErrors<Field> {
  const out: FieldErrors<Field> = {};
  for (const [field, code] of Object.entries(errors) as [Field, string | undefined][]) {
    out[field] = fieldMessage(i18n, code);
  }
  return out;
}
