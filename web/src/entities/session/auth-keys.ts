import { type Query, hashKey } from '@tanstack/react-query';

/** Query keys of the account feature: invalidate `authKeys.all` to look the user up again. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** The "who is signed in" query, which login and logout set rather than drop. */
export function isCurrentUserQuery(query: Query) {
  return query.queryHash === hashKey(authKeys.me());
}
