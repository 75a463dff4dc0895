import { AUTH_RULES, MAX_STAY_NIGHTS, MIN_GUESTS } from './constants';
import { MAX_OCCUPANCY } from './room-type-schemas';
import type { FormErrorCode } from './error-codes';
import { REVIEW_LIMITS } from './review-schemas';
import { STAFF_EDIT_RULES } from './booking-schemas';
import { STAY_POLICY_LIMITS } from './stay-policy';
import { RATE_RULES } from './rates';
import { DEPOSIT_PERCENT, RATE_SORT_ORDER_MAX } from './rate-schemas';
import { FOLIO_LIMITS } from './folio';
import { BACKTEST_MAX_DAYS, EVENT_RULES, FORECAST_MAX_NIGHTS, HISTORY_RULES } from './revenue';
import { EXTRA_RULES } from './extras';
import { PRICE_SETTINGS_RULES, SUGGESTION_RULES } from './revenue-prices';

/**
 * The numbers some form errors name, from the rules the schemas check, so a limit changed in
 * shared/ changes the sentence on both sides. The catalogue writes them in the language's
 * digits and picks the Arabic counted noun's form from them (ICU plural).
 */
export const FORM_ERROR_VALUES: Partial<Record<FormErrorCode, Record<string, number>>> = {
  extra_cap_invalid: { max: EXTRA_RULES.maxDailyCap },
  extra_tiers_invalid: { max: EXTRA_RULES.maxTiers },
  extra_quantity_invalid: { max: EXTRA_RULES.maxQuantity },
  extras_report_range: { max: EXTRA_RULES.reportMaxDays },
  full_name_min: { min: AUTH_RULES.fullNameMin },
  history_stay_too_long: { max: HISTORY_RULES.maxStayNights },
  history_rooms_invalid: { max: HISTORY_RULES.maxRooms },
  history_guests_invalid: { max: HISTORY_RULES.maxGuests },
  history_line_too_long: { max: HISTORY_RULES.maxLineBytes / 1024 },
  event_name_too_long: { max: EVENT_RULES.nameMax },
  event_too_long: { max: EVENT_RULES.maxDays },
  forecast_too_long: { max: FORECAST_MAX_NIGHTS },
  backtest_too_long: { max: BACKTEST_MAX_DAYS },
  revenue_target_invalid: {
    min: PRICE_SETTINGS_RULES.targetOccupancyPercent.min,
    max: PRICE_SETTINGS_RULES.targetOccupancyPercent.max,
  },
  revenue_threshold_invalid: {
    min: PRICE_SETTINGS_RULES.thresholdPercent.min,
    max: PRICE_SETTINGS_RULES.thresholdPercent.max,
  },
  revenue_step_cap_invalid: {
    min: PRICE_SETTINGS_RULES.stepCapPercent.min,
    max: PRICE_SETTINGS_RULES.stepCapPercent.max,
  },
  revenue_price_step_invalid: {
    min: PRICE_SETTINGS_RULES.priceStepBaisa.min,
    max: PRICE_SETTINGS_RULES.priceStepBaisa.max,
  },
  revenue_limits_too_many: { max: PRICE_SETTINGS_RULES.maxLimits },
  revenue_season_too_long: { max: PRICE_SETTINGS_RULES.maxSeasonNights },
  suggestions_too_long: { max: SUGGESTION_RULES.maxNights },
  suggestion_ids_too_many: { max: SUGGESTION_RULES.maxApplyIds },
  name_min: { min: AUTH_RULES.fullNameMin },
  full_name_max: { max: AUTH_RULES.fullNameMax },
  password_min: { min: AUTH_RULES.passwordMin },
  password_min_staff: { min: AUTH_RULES.staffPasswordMin },
  password_max: { max: AUTH_RULES.passwordMax },
  code_length: { length: AUTH_RULES.codeLength },
  stay_too_long: { max: MAX_STAY_NIGHTS },
  guests_range: { min: MIN_GUESTS, max: MAX_OCCUPANCY },
  adults_range: { min: 1, max: MAX_OCCUPANCY },
  children_range: { max: MAX_OCCUPANCY - 1 },
  booking_notes_too_long: { max: STAFF_EDIT_RULES.notesMax },
  folio_quantity_invalid: { min: 1, max: FOLIO_LIMITS.maxQuantity },
  override_reason_too_long: { max: STAFF_EDIT_RULES.overrideReasonMax },
  cancellation_hours_invalid: { max: STAY_POLICY_LIMITS.freeCancellationHoursMax },
  check_in_hours_invalid: { max: STAY_POLICY_LIMITS.onlineCheckInHoursMax },
  retention_days_invalid: {
    min: STAY_POLICY_LIMITS.idRetentionDaysMin,
    max: STAY_POLICY_LIMITS.idRetentionDaysMax,
  },
  review_comment_too_long: { max: REVIEW_LIMITS.commentMax },
  review_name_too_long: { max: REVIEW_LIMITS.nameMax },
  review_part_too_long: { max: REVIEW_LIMITS.partMax },
  rate_plan_name_too_long: { max: RATE_RULES.nameMax },
  rate_deposit_percent_invalid: { min: DEPOSIT_PERCENT.min, max: DEPOSIT_PERCENT.max },
  rate_plan_adjustment_invalid: { min: RATE_RULES.adjustmentMin, max: RATE_RULES.adjustmentMax },
  rate_sort_order_invalid: { max: RATE_SORT_ORDER_MAX },
  rate_price_invalid: { max: RATE_RULES.maxPriceBaisa },
  rate_stay_invalid: { min: 1, max: RATE_RULES.maxStayNights },
  rate_range_too_long: { max: RATE_RULES.maxRangeNights },
  rate_read_too_long: { max: RATE_RULES.maxReadNights },
};
