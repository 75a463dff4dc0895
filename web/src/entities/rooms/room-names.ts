import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RoomType } from '@shared/constants';

/**
 * The tiers' names, the same as the catalogue's (GET /api/rooms), for screens
 * that show a room type without the catalogue at hand (booking cards, forms,
 * the back office's counters and lists).
 */
export const ROOM_NAMES: Record<RoomType, MessageDescriptor> = {
  silver: msg`Silver Room`,
  gold: msg`Gold Room`,
  diamond: msg`Diamond Room`,
  deluxe: msg`Deluxe Suite`,
};

export function roomName(i18n: I18n, roomType: RoomType): string {
  return i18n._(ROOM_NAMES[roomType]);
}
