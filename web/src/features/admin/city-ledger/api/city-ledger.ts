import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { CityLedgerAccount, CityLedgerEntry } from '@shared/day-close';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the city ledger (managers; the list also for staff). */
export const cityLedgerKeys = {
  all: ['admin', 'city-ledger'] as const,
  list: ['admin', 'city-ledger', 'list'] as const,
  statement: (id: number) => ['admin', 'city-ledger', 'statement', id] as const,
};

const ledger = api.admin['city-ledger'];
export type AccountBody = InferRequestType<(typeof ledger)['$post']>['json'];
export type AccountPatch = InferRequestType<(typeof ledger)[':id']['$patch']>['json'];
export type PaymentBody = InferRequestType<(typeof ledger)[':id']['payments']['$post']>['json'];

export const cityLedgerListQueryOptions = () =>
  queryOptions({
    queryKey: cityLedgerKeys.list,
    queryFn: (): Promise<{ accounts: CityLedgerAccount[] }> => readJson(() => ledger.$get()),
    // Fresh for a few seconds: the answer the route's prefetch took is shown as the screen mounts,
    // not asked again (docs/decisions/070-first-requests-in-the-html.md).
    staleTime: 5_000,
    meta: { persist: false },
  });

export function useCityLedgerAccounts() {
  return useQuery(cityLedgerListQueryOptions());
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const cityLedgerFirstQueries = () => [cityLedgerListQueryOptions()];

type StatementPage = { account: CityLedgerAccount; entries: CityLedgerEntry[]; next: string | null };

/** An account's statement, newest first, a page at a time ("Show earlier entries"). */
export function useCityLedgerStatement(id: number) {
  return useInfiniteQuery({
    queryKey: cityLedgerKeys.statement(id),
    queryFn: ({ pageParam }): Promise<StatementPage> =>
      readJson(() =>
        ledger[':id'].$get({ param: { id: String(id) }, query: pageParam ? { before: pageParam } : {} }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    meta: { persist: false },
  });
}

export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AccountBody | AccountPatch }) =>
      id === undefined
        ? readJson(ledger.$post({ json: body as AccountBody }))
        : readJson(ledger[':id'].$patch({ param: { id: String(id) }, json: body })),
    networkMode: 'always',
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cityLedgerKeys.all }),
  });
}

export function useRecordPayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentBody) =>
      readJson(ledger[':id'].payments.$post({ param: { id: String(id) }, json: body })),
    networkMode: 'always',
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cityLedgerKeys.all }),
  });
}

/** A rate plan as the account form offers it for negotiation (code, names, whether private). */
export type PlanChoice = { code: string; nameAr: string; nameEn: string; public: boolean; active: boolean };

/** The hotel's rate plans (GET /api/admin/rate-plans), for an account's negotiated plans. */
export function usePlanChoices() {
  return useQuery({
    queryKey: ['admin', 'city-ledger', 'plans'] as const,
    queryFn: async (): Promise<PlanChoice[]> =>
      (await readJson(() => api.admin['rate-plans'].$get())).ratePlans as PlanChoice[],
    staleTime: 60_000,
    meta: { persist: false },
  });
}
