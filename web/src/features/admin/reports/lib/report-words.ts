import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BookingSegment, Language, OwnBookingSource } from '@shared/constants';
import { type NamedRoomType, roomTypeLabel } from '@/entities/admin/room-types/room-type-names';
import { labelOf } from '@/entities/bookings/booking-labels';
import { countryName } from '@/entities/guest-profile/guest-document-fields';
import type { OnTheBooksGroup, ProductionGroup } from '../api/reports';

/** The reports' coded keys in words: a segment, a source, a grouping. */
export const SEGMENT_LABELS: Record<BookingSegment, MessageDescriptor> = {
  leisure: msg({ message: 'Leisure', context: 'booking segment' }),
  corporate: msg({ message: 'Corporate', context: 'booking segment' }),
  group: msg({ message: 'Group', context: 'booking segment' }),
  government: msg({ message: 'Government', context: 'booking segment' }),
  ota: msg({ message: 'Online travel agencies', context: 'booking segment' }),
  other: msg({ message: 'Other', context: 'booking segment' }),
};

export const SOURCE_LABELS: Record<OwnBookingSource, MessageDescriptor> = {
  website: msg({ message: 'Website', context: 'booking source' }),
  app: msg({ message: 'App', context: 'booking source' }),
  assistant: msg({ message: 'Chat assistant', context: 'booking source' }),
  phone: msg({ message: 'Phone', context: 'booking source' }),
  walk_in: msg({ message: 'Walk-in', context: 'booking source' }),
  email: msg({ message: 'E-mail', context: 'booking source' }),
  group: msg({ message: 'Group', context: 'booking source' }),
};

export const GROUP_LABELS: Record<OnTheBooksGroup | ProductionGroup, MessageDescriptor> = {
  roomType: msg({ message: 'Room type', context: 'report grouping' }),
  segment: msg({ message: 'Segment', context: 'report grouping' }),
  source: msg({ message: 'Source', context: 'report grouping' }),
  company: msg({ message: 'Company', context: 'report grouping' }),
  travelAgent: msg({ message: 'Travel agent', context: 'report grouping' }),
  nationality: msg({ message: 'Nationality', context: 'report grouping' }),
};

const NONE: MessageDescriptor = msg({ message: 'None', context: 'report key' });

/**
 * A row's key in words: a company's or travel agent's name as the worker gives it, a room type's
 * name, a segment's or a source's words, a country's name (CLDR); an OTA's name as it came. An
 * empty key (a booking with no company, a guest with no nationality) is "None".
 */
export function keyLabel(
  i18n: I18n,
  language: Language,
  group: OnTheBooksGroup | ProductionGroup,
  row: { key: string; label?: string | null },
  roomTypes: readonly NamedRoomType[] | undefined,
): string {
  if (!row.key) return i18n._(NONE);
  switch (group) {
    case 'company':
    case 'travelAgent':
      return row.label || row.key;
    case 'roomType': {
      const type = roomTypes?.find((t) => t.code === row.key);
      return type ? roomTypeLabel(type, language) : row.key;
    }
    case 'segment':
      return labelOf(i18n, SEGMENT_LABELS, row.key);
    case 'source':
      return labelOf(i18n, SOURCE_LABELS, row.key);
    case 'nationality':
      return /^[A-Z]{2}$/.test(row.key) ? countryName(row.key, language) : row.key;
  }
}
