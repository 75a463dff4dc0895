import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ChannelErrorCode, ChannelFlag, ChannelProvider } from '@shared/channel-schemas';

/** The channel manager in use, in words. */
export const PROVIDER_LABELS: Record<ChannelProvider, MessageDescriptor> = {
  channex: msg`Channex`,
  fake: msg`The development stand-in for Channex`,
  off: msg`None configured`,
};

/** A failure of the link, in words staff can act on (the server's own text is kept for support). */
export const ERROR_LABELS: Record<ChannelErrorCode, MessageDescriptor> = {
  rate_limited: msg`The channel manager asked us to slow down; the changes wait and are sent again shortly.`,
  provider_down: msg`The channel manager had a fault on its side; the changes wait and are sent again.`,
  unreachable: msg`The channel manager could not be reached; check the connection. Nothing is lost.`,
  unauthorized: msg`The channel manager refused our API key; an administrator must check the settings.`,
  refused: msg`The channel manager refused what we sent; check the room type and plan mappings.`,
  internal: msg`Something went wrong on our side while talking to the channel manager.`,
  values_rejected: msg`The channel manager ignored values we sent: the booking sites do not have them.`,
};

/**
 * What the channel manager named in a value it ignored (Channex's field names), in words; a field
 * not listed is a value in general.
 */
export const REJECTED_FIELD_LABELS: Record<string, MessageDescriptor> = {
  rate: msg`the price (it must be above zero)`,
  rates: msg`the price (it must be above zero)`,
  date: msg`the dates (past nights are refused)`,
  date_from: msg`the dates (past nights are refused)`,
  date_to: msg`the dates (past nights are refused)`,
  days: msg`the weekdays`,
  rate_plan_id: msg`the rate plan's id (check the mapping)`,
  room_type_id: msg`the room type's id (check the mapping)`,
  property_id: msg`the property's id (check the settings)`,
  min_stay_arrival: msg`the minimum stay`,
  min_stay_through: msg`the minimum stay`,
  min_stay: msg`the minimum stay`,
  max_stay: msg`the maximum stay`,
  stop_sell: msg`closed to sale`,
  closed_to_arrival: msg`closed to arrival`,
  closed_to_departure: msg`closed to departure`,
  availability: msg`the rooms for sale`,
};

/** A value in general (a field the words above do not name). */
export const REJECTED_VALUE_LABEL = msg`the value`;

/** What a push carried. */
export const PUSH_KIND_LABELS: Record<'availability' | 'restrictions', MessageDescriptor> = {
  availability: msg`Rooms for sale`,
  restrictions: msg`Prices and restrictions`,
};

export function errorWords(i18n: I18n, error: { message: string; code?: string }): string {
  const label = error.code ? ERROR_LABELS[error.code as ChannelErrorCode] : undefined;
  return label ? i18n._(label) : error.message;
}

/** A revision's kind: a new booking, a change, a cancellation. */
export const REVISION_STATUS_LABELS: Record<string, MessageDescriptor> = {
  new: msg`New booking`,
  modified: msg`Change`,
  cancelled: msg`Cancellation`,
};

/** What became of a revision here. */
export const OUTCOME_LABELS: Record<string, MessageDescriptor> = {
  applied: msg`Applied`,
  overbooked: msg`Kept, not placed: sold out`,
  unmapped: msg`Kept, not placed: room type not mapped`,
  over_occupancy: msg`Kept, flagged: more guests than the room type takes`,
  not_sellable: msg`Kept, flagged: a room type or plan not for sale`,
  currency_mismatch: msg`Kept, flagged: priced in another currency`,
  rooms_unmatched: msg`Not applied, flagged: its rooms could not be told apart`,
  ignored: msg`Nothing to change`,
  stale: msg`Not applied: a newer change or its cancellation came first`,
};

/** How a revision reached us. */
export const VIA_LABELS: Record<string, MessageDescriptor> = {
  webhook: msg`by webhook`,
  feed: msg`from the feed`,
};

/** Why a flagged booking was not placed, or cannot be honoured as sold. */
export const FLAG_LABELS: Record<ChannelFlag, MessageDescriptor> = {
  overbooked: msg`Sold out here: find it a room`,
  unmapped: msg`Its room type is not mapped`,
  over_occupancy: msg`More guests than its room type takes: upgrade it or add a room`,
  not_sellable: msg`A room type or plan we do not sell: move it or call the OTA`,
  currency_mismatch: msg`Priced in another currency, not rials: set its price`,
  rooms_unmatched: msg`The OTA changed its rooms without saying which is which: compare with the OTA`,
};

export const wordOf = (i18n: I18n, labels: Record<string, MessageDescriptor>, key: string | null) =>
  key && labels[key] ? i18n._(labels[key]) : (key ?? '');
