import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, requestJson } from '../../../lib/api-client';

export type MailboxMessage = { to: string; subject: string; text: string; createdAt: string | number };

/** GET /api/dev/mailbox?to=: what the app "sent" to an address in development, newest first. */
export function getMailbox(to: string) {
  return requestJson<MailboxMessage[]>(`/dev/mailbox?to=${encodeURIComponent(to)}`);
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
