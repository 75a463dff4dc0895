import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { addDays, hotelToday } from '@shared/dates';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the accountant's journal (managers and admins). */
export const accountingKeys = {
  all: ['admin', 'accounting'] as const,
  accounts: ['admin', 'accounting', 'accounts'] as const,
  month: (month: string) => ['admin', 'accounting', 'days', month] as const,
};

/** The month the screen opens on: the one before this one (the month an accountant books). */
export const defaultJournalMonth = () => addDays(`${hotelToday().slice(0, 7)}-01`, -1).slice(0, 7);

/** GET /api/admin/accounting/accounts: every category with its account, and the journal's code. */
export function getAccounts() {
  return readJson(() => api.admin.accounting.accounts.$get());
}
export type Accounts = Awaited<ReturnType<typeof getAccounts>>;
export type AccountsBody = InferRequestType<(typeof api.admin.accounting.accounts)['$put']>['json'];

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountingKeys.accounts,
    queryFn: getAccounts,
    staleTime: 5_000,
    // Edited here only: not kept on the device.
    meta: { persist: false },
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

/** GET /api/admin/accounting/days?month: each day of the month, open, closed or missing an account. */
export function getJournalMonth(month: string) {
  return readJson(() => api.admin.accounting.days.$get({ query: { month } }));
}
export type JournalMonthAnswer = Awaited<ReturnType<typeof getJournalMonth>>;

export const journalMonthQueryOptions = (month: string) =>
  queryOptions({
    queryKey: accountingKeys.month(month),
    queryFn: () => getJournalMonth(month),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export function useJournalMonth(month: string) {
  return useQuery(journalMonthQueryOptions(month));
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const accountingFirstQueries = () => [
  accountsQueryOptions(),
  journalMonthQueryOptions(defaultJournalMonth()),
];

/** PUT /api/admin/accounting/accounts (audited): the journal's code and every category's account. */
export function useSaveAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountsBody) => readJson(api.admin.accounting.accounts.$put({ json: body })),
    networkMode: 'always',
    onSuccess: (saved) => {
      const { message: _message, ...accounts } = saved;
      queryClient.setQueryData(accountingKeys.accounts, accounts);
      // A day missing an account may be complete now.
      void queryClient.invalidateQueries({ queryKey: [...accountingKeys.all, 'days'] });
    },
  });
}

/** The journal as Odoo imports it (a plain link: the browser saves the file). */
export function journalCsvHref(period: { date: string } | { from: string; to: string }, detail = false) {
  const query = new URLSearchParams({ ...period, format: 'csv', ...(detail ? { detail: '1' } : {}) });
  return `/api/admin/accounting/journal?${query.toString()}`;
}
