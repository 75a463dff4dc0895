/**
 * The codes of the guests' app orders to the outlets (docs/decisions/102-outlet-orders.md; part of
 * ./error-codes.ts, kept here to hold it short). Each refusal a guest may hear is worded for the
 * guest, in both languages; the tablet's own refusals (a stay checked out, flagged, past its
 * credit) keep the outlets' codes, worded for the waiter.
 */
export const ORDER_FORM_ERROR_CODES = [
  'order_time_invalid',
  'order_reason_invalid',
  'outlet_capacity_invalid',
  'outlet_duration_invalid',
] as const;

export const ORDER_ERROR_CODES = [
  // Notices of a success.
  'order_sent',
  'order_accepted',
  'order_refused',
  'order_cancelled',
  'outlet_photo_saved',
  'outlet_photo_removed',
  // Refusals.
  'order_not_found',
  'order_not_open',
  'order_outlet_unavailable',
  'order_item_unavailable',
  'order_not_in_house',
  'order_guest_flagged',
  'order_credit_exceeded',
  'too_many_orders',
  'order_outlet_closed',
  'order_time_required',
  'order_time_past',
  'order_time_after_stay',
  'order_time_outside_hours',
  'order_time_taken',
] as const;
