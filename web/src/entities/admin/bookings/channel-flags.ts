import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Why the hotel could not place or honour an OTA's booking as it came: the channel manager's flag
 * on the booking (`booking_submissions.channel_flag`, the codes of shared/channel-schemas.ts
 * CHANNEL_FLAGS as the server sends them), worded for the desk, the bookings screen and the staff's
 * bell. `overbooked` and `unmapped` leave the stay without rooms; the others are held but cannot be
 * honoured as sold. Any flag is shown: one not worded here yet is named by its code.
 */

/** The short pill beside the OTA's name: what is wrong, what to do. */
export function channelFlagPill(flag: string): MessageDescriptor {
  switch (flag) {
    case 'overbooked':
      return msg`Not placed: sold out here, find it a room`;
    case 'unmapped':
      return msg`Not placed: its room type is not mapped`;
    case 'over_occupancy':
      return msg`Held, but more guests than its room type takes: upgrade it or add a room`;
    case 'not_sellable':
      return msg`Held, but on a room type or plan we do not sell: move it or call the OTA`;
    case 'currency_mismatch':
      return msg`Held, but its currency is not the rial: set its price in rials`;
    case 'rooms_unmatched':
      return msg`Changed by the OTA, its rooms not told apart: compare with the OTA`;
    default:
      return msg`Needs a person: ${flag}`;
  }
}

/**
 * The sentence of the alert and of the desk's list: "No room for the Gold Room on 10 Jun to 12
 * Jun", with the room type's name and the stay's dates as the caller formats them.
 */
export function channelFlagSentence(flag: string, room: string, dates: string): MessageDescriptor {
  switch (flag) {
    case 'overbooked':
      return msg`No room for ${room} on ${dates}`;
    case 'unmapped':
      return msg`A room type not mapped here (${room}), ${dates}`;
    case 'over_occupancy':
      return msg`More guests than ${room} takes, ${dates}`;
    case 'not_sellable':
      return msg`${room} is not sold on this rate, ${dates}`;
    case 'currency_mismatch':
      return msg`Booked in another currency, ${dates}: check its price`;
    case 'rooms_unmatched':
      return msg`The OTA changed this booking of several rooms and did not say which room is which (${room}, ${dates})`;
    default:
      return msg`An OTA booking to place by hand (${flag}), ${dates}`;
  }
}

/** What staff can do about it (the desk's list says it under the sentence). */
export function channelFlagAdvice(flag: string): MessageDescriptor {
  switch (flag) {
    case 'currency_mismatch':
      return msg`Check the price with the OTA, then mark it placed.`;
    case 'unmapped':
      return msg`Choose one of the hotel's room types (Change the stay), or call the OTA.`;
    case 'rooms_unmatched':
      return msg`Nothing was changed: open the booking at the OTA, edit each room's stay to match, then mark it placed.`;
    default:
      return msg`Move it to other dates or another type, give it a better room, or call the OTA to change or cancel it.`;
  }
}
