import { Trans } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/button';

/**
 * The filter bar of a back-office list (invoices, online payments): a search landmark named by
 * `label` holding the screen's fields (dates, a state, words), then Search and Clear. Enter in a
 * field or Search applies the fields (`onSearch`); Clear empties them and the list's filters at
 * once (`onClear`). The fields' state is the screen's (`useAdminFilters` keeps a draft and the
 * applied filters).
 */
export function AdminFilterBar({
  label,
  onSearch,
  onClear,
  children,
}: {
  label: string;
  onSearch: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label={label}
      className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      {children}
      <div className="flex gap-2 self-end">
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
        <Button variant="secondary" onPress={onClear}>
          <Trans>Clear</Trans>
        </Button>
      </div>
    </form>
  );
}
