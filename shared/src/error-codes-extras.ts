/**
 * The codes of the extras a guest buys for a stay (docs/decisions/098-stay-extras.md): the form
 * errors of the offers' and purchases' schemas (shared/src/extras.ts; their sentences in
 * shared/src/locales), and the refusals and notices only the worker sends (worker/src/locales).
 * Part of FORM_ERROR_CODES and API_ERROR_CODES in ./error-codes.ts, kept here to hold each file short.
 */
export const EXTRAS_FORM_ERROR_CODES = [
  'extra_name_required',
  'extra_kind_invalid',
  'extra_upgrade_types_required',
  'extra_upgrade_same_type',
  'extra_room_types_upgrade_only',
  'extra_cap_invalid',
  'extra_cap_timed_only',
  'extra_tiers_invalid',
  'extra_tiers_timed_only',
  'extra_tier_duplicate',
  'extra_tier_time_invalid',
  'extra_rate_plan_unknown',
  'extra_room_type_unknown',
  'extra_time_invalid',
  'extra_time_required',
  'extra_time_not_offered',
  'extra_flight_required',
  'extra_flight_invalid',
  'extra_quantity_invalid',
  'extra_decline_reason_required',
  'extras_report_range',
] as const;

export const EXTRAS_ERROR_CODES = [
  'extra_not_found',
  'extra_not_offered',
  'extras_closed',
  'extra_already_bought',
  'extra_upgrade_sold_out',
  'extra_cap_reached',
  'extra_request_not_pending',
  'extra_request_expired',
  'extra_purchase_not_found',
  'extra_not_payable',
  'extra_already_paid',
  'too_many_extras',
  'extra_saved',
  'extra_deleted',
  'extra_bought',
  'extra_requested',
  'extra_approved',
  'extra_declined',
] as const;
