import { createContext, useContext } from 'react';
import type { RoomTypeCode } from '@shared/room-type-schemas';

/**
 * Starting a booking from anywhere on the page (room cards, room lists, the
 * carousel, offers; later the assistant), without knowing the forms: the
 * bookings feature provides it (BookingFlowProvider), the app mounts it.
 */
/** A numbered room chosen in the room list: its id and its number as typed. */
export type ChosenRoom = { id: number; number: string };

export type BookingFlow = {
  /** Spec section 4: the booking form if the type has a room left tonight, else the sold-out dialog. */
  bookRoom: (roomType: RoomTypeCode, room?: ChosenRoom) => void;
  /** Spec section 4: the quick-booking form if any type has a room left, else the no-rooms dialog. */
  openQuickBooking: () => void;
};

export const BookingFlowContext = createContext<BookingFlow | null>(null);

export function useBookingFlow(): BookingFlow {
  const flow = useContext(BookingFlowContext);
  if (!flow) throw new Error('useBookingFlow outside BookingFlowProvider');
  return flow;
}
