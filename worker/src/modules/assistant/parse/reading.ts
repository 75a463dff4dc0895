import type { BedType, SmokingType } from '@shared/constants';

// What one answer says (a Reading) and the step it is read at (decision 030).

/** The step the conversation is at: what a bare answer ("2", "سالم") is taken for. */
export type ParseStep =
  | 'start'
  | 'room_type'
  | 'check_in'
  | 'check_out'
  | 'guests'
  | 'bed_type'
  | 'smoking'
  | 'full_name'
  | 'phone'
  | 'id_number'
  | 'confirm'
  | 'idle'
  | 'done';

/** What one answer says; a slot is present only when the answer says it. */
export type Reading = {
  /** A room type's code (one of the hotel's). */
  roomType?: string;
  /** Dates named, in order (YYYY-MM-DD). */
  dates?: string[];
  /** A day of the month alone ("12"), where a date is asked for. */
  day?: number;
  nights?: number;
  guests?: number;
  rooms?: number;
  bedType?: BedType;
  smoking?: SmokingType;
  fullName?: string;
  phoneNumber?: string;
  idNumber?: string;
  /** A yes or no on its own ("نعم", "لأ", "ok"): never a name. */
  answer?: 'yes' | 'no';
};
