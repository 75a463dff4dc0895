import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError, readJson } from '@/lib/api-client';

/** GET /api/dev/mailbox?to=: what the app "sent" to an address in development, newest first. */
export function getMailbox(to: string) {
  return readJson(api.dev.mailbox.$get({ query: { to } }));
}

export const mailboxKeys = {
  all: ['dev', 'mailbox'] as const,
  inbox: (to: string) => [...mailboxKeys.all, to] as const,
};

/** Always asked afresh (a code may arrive any second); never kept for offline use. */
export const mailboxQueryOptions = (to: string) =>
  queryOptions({
    queryKey: mailboxKeys.inbox(to),
    queryFn: () => getMailbox(to),
    enabled: to !== '',
    staleTime: 0,
    gcTime: 0,
    networkMode: 'always',
  });

export function useMailbox(to: string) {
  return useQuery(mailboxQueryOptions(to));
}

/** The endpoint answers 404 outside development: the page then says so. */
export function isNotDevelopment(error: unknown) {
  return error instanceof ApiRequestError && error.status === 404;
}
