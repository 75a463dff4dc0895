/**
 * Query keys of a user's points (signed in): `['points', email, 'balance' | 'transactions']`.
 * Invalidate `pointsKeys.all` after a purchase, a booking's completion or a cancellation.
 */
export const pointsKeys = {
  all: ['points'] as const,
  user: (email: string) => [...pointsKeys.all, email] as const,
  balance: (email: string) => [...pointsKeys.user(email), 'balance'] as const,
  transactions: (email: string) => [...pointsKeys.user(email), 'transactions'] as const,
};
