import { MAX_IMAGE_MEGAPIXELS } from './constants';
import { MAX_AVAILABILITY_NIGHTS } from './availability';
import type { ErrorCode } from './error-codes';
import { MAX_IMAGES_PER_ENTRY } from './event-schemas';
import { FORM_ERROR_VALUES } from './form-error-values';
import { FRONT_DESK_RULES } from './front-desk-schemas';
import { GUEST_PROFILE_RULES } from './guest-profile-schemas';
import { ONLINE_CHECK_IN_RULES } from './online-check-in-schemas';
import { MAX_OCCUPANCY } from './room-type-schemas';
import { TAX_RULES } from './tax-schemas';
import { TAX_REPORT_MAX_MONTHS } from './day-close';
import { REPORT_MAX_DAYS } from './flash-production';
import { LOST_FOUND_RULES } from './lost-found-schemas';
import { EXTRA_RULES } from './extras';
import { ORDER_RULES } from './outlet-orders';

/**
 * The numbers some sentences name, from the rules the schemas check, so a limit changed in
 * shared/ changes the sentence on both sides. The catalogue writes them in the language's
 * digits and picks the Arabic counted noun's form from them (ICU plural).
 */
export const ERROR_CODE_VALUES: Partial<Record<ErrorCode, Record<string, number>>> = {
  ...FORM_ERROR_VALUES,
  too_many_extras: { max: EXTRA_RULES.maxExtras },
  outlet_capacity_invalid: { min: 1, max: ORDER_RULES.capacityMax },
  outlet_duration_invalid: { min: ORDER_RULES.durationMin, max: ORDER_RULES.durationMax },
  too_many_orders: { max: ORDER_RULES.openMax },
  availability_too_long: { max: MAX_AVAILABILITY_NIGHTS },
  check_in_adults_range: { max: MAX_OCCUPANCY },
  check_in_children_range: { max: MAX_OCCUPANCY - 1 },
  check_in_guests_over_room: { max: MAX_OCCUPANCY },
  check_in_requests_too_long: { max: ONLINE_CHECK_IN_RULES.requestsMax },
  images_too_many: { max: MAX_IMAGES_PER_ENTRY },
  image_pixels_too_many: { max: MAX_IMAGE_MEGAPIXELS },
  room_number_too_long: { max: FRONT_DESK_RULES.roomNumberMax },
  invalid_floor: { max: FRONT_DESK_RULES.floorMax },
  room_notes_too_long: { max: FRONT_DESK_RULES.notesMax },
  keep_days_invalid: { max: LOST_FOUND_RULES.keepDaysMax },
  reason_too_long: { max: FRONT_DESK_RULES.reasonMax },
  out_of_order_too_long: { max: FRONT_DESK_RULES.outOfOrderMaxNights },
  stay_request_note_too_long: { max: FRONT_DESK_RULES.stayRequestNoteMax },
  too_many_stay_requests: { max: FRONT_DESK_RULES.openStayRequestsMax },
  tax_rate_invalid: { max: TAX_RULES.maxRateBp },
  too_many_taxes: { max: TAX_RULES.maxTaxes },
  tax_report_too_long: { max: TAX_REPORT_MAX_MONTHS },
  report_too_long: { max: REPORT_MAX_DAYS },
  guest_search_too_short: { min: GUEST_PROFILE_RULES.searchMin, max: GUEST_PROFILE_RULES.searchMax },
};
