/**
 * The codes of the chain of hotels (docs/decisions/103-several-hotels.md; part of API_ERROR_CODES in
 * ./error-codes.ts, kept here to hold that file short).
 */
export const CHAIN_ERROR_CODES = [
  'hotel_unknown',
  'hotel_unavailable',
  'chain_unavailable',
  'handoff_invalid',
  'hotel_not_allowed',
  'account_not_in_chain',
  'hotel_access_given',
  'chain_month_invalid',
  // The chain manager's role given and taken (routes/admin/chain.ts): success, and the same asked twice.
  'chain_manager_granted',
  'chain_manager_already',
  'chain_manager_revoked',
  'chain_manager_absent',
] as const;
