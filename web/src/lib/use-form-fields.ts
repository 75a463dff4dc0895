import { useState } from 'react';
import type { FieldErrors } from './field-messages';

/**
 * A form's values and its field errors. `change(field)` sets one value and
 * clears that field's error (guest spec section 5: errors clear when the
 * field is edited).
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (field: keyof T & string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }) as T);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return { values, setValues, errors, setErrors, change };
}
