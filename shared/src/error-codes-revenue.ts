/**
 * Revenue management's codes (docs/decisions/094; kept here to hold error-codes.ts short). The form
 * codes are also what a history file's refused lines carry (`{ line, field, code }`): the screen
 * names them in the reader's language from the shared catalogue, as a form's errors.
 */
export const REVENUE_FORM_ERROR_CODES = [
  'history_field_required',
  'history_date_invalid',
  'history_status_invalid',
  'history_departure_not_after_arrival',
  'history_stay_too_long',
  'history_booked_after_arrival',
  'history_booked_in_future',
  'history_cancelled_on_required',
  'history_cancelled_on_not_cancelled',
  'history_cancelled_before_booked',
  'history_cancelled_in_future',
  'history_rooms_invalid',
  'history_guests_invalid',
  'history_rate_invalid',
  'history_text_too_long',
  'history_text_invalid',
  'history_line_too_long',
  'history_line_quote',
  'event_year_invalid',
  'event_name_required',
  'event_name_too_long',
  'event_too_long',
  'event_kind_invalid',
  'event_dates_together',
  'forecast_too_long',
  'backtest_too_long',
] as const;

/** The codes only the worker sends (its catalogue, worker/src/locales). */
export const REVENUE_ERROR_CODES = [
  'history_file_required',
  'history_file_too_large',
  'history_file_empty',
  'history_not_utf8',
  'history_header_invalid',
  'history_columns_missing',
  'history_column_missing',
  'history_column_twice',
  'history_no_lines',
  'history_import_not_found',
  'history_import_started',
  'history_file_missing',
  'history_import_failed',
  'event_not_found',
  'event_saved',
  'event_deleted',
  'forecast_as_of_future',
  'backtest_not_past',
] as const;
