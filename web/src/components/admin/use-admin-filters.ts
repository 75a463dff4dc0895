import { useState } from 'react';

/**
 * A back-office list's filters: the `draft` the filter bar's fields edit, and the `filters` the
 * list was asked with. `search` applies the draft; `clear` empties both to `empty`.
 */
export function useAdminFilters<Filters extends Record<string, string>>(empty: Filters) {
  const [draft, setDraft] = useState<Filters>(empty);
  const [filters, setFilters] = useState<Filters>(empty);
  return {
    draft,
    filters,
    /** A field's onChange: `set('from')`. */
    set: (field: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [field]: value })),
    search: () => setFilters(draft),
    clear: () => {
      setDraft(empty);
      setFilters(empty);
    },
  };
}
