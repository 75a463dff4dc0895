import type { BedType, SmokingType } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';

/**
 * What a guest has typed in the booking forms. It lives above the forms (in
 * the booking flow), so closing a form by mistake, or an error, loses nothing;
 * it is emptied after a successful booking. Dates are YYYY-MM-DD or ''.
 */
export type BookingDraft = {
  fullName: string;
  phoneNumber: string;
  idNumber: string;
  email: string;
  checkInDate: string;
  checkOutDate: string;
  /** The guests (the request's `numberOfGuests` is their sum), within the room type's limits. */
  adults: number;
  children: number;
  bedType?: BedType;
  smokingPreference?: SmokingType;
  /** The rate plan chosen (GET /api/rate-plans); unset or not sold for the room type: standard. */
  ratePlan?: string;
  /** The quick form's room type choice (the full form's type comes with the room). */
  roomType?: RoomTypeCode;
  /** "Updates on WhatsApp": the stay's messages to the booking's phone (unset: no). */
  whatsappOptIn?: boolean;
};

export const emptyDraft: BookingDraft = {
  fullName: '',
  phoneNumber: '',
  idNumber: '',
  email: '',
  checkInDate: '',
  checkOutDate: '',
  adults: 2,
  children: 0,
};
