import { useState } from 'react';
import type { ZodType } from 'zod';
import { type FieldErrors, validateWith } from './field-messages';

/**
 * A form's values and its field errors. `change(field)` sets one value and
 * clears that field's error (guest spec section 5: errors clear when the
 * field is edited); `validate(schema)` checks them before sending.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (field: keyof T & string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }) as T);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  /** The values checked with `schema`: the parsed data, or null with the field errors shown. */
  const validate = <Data>(schema: ZodType<Data>): Data | null => {
    const checked = validateWith(schema, values);
    if (checked.ok) return checked.data;
    setErrors(checked.errors);
    return null;
  };
  return { values, setValues, errors, setErrors, change, validate };
}
