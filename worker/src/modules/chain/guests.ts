import { drizzle } from 'drizzle-orm/d1';
import type { SessionUser } from '@shared/auth-schemas';
import type { ChainAvailabilityHotel, ChainHotel } from '@shared/chain-schemas';
import type { Env } from '../../platform/env';
import { activeHotelEnvs, hotelOfEnv } from '../../platform/hotels';
import { ApiError } from '../../platform/api-error';
import { listBookings, listedBooking, loyaltyBookings, pendingHoldMs } from '../bookings';
import { listRoomTypes } from '../catalog';
import { nightlyAvailability } from '../inventory';
import { localUser } from './mirrors';
import { shownHotel } from './hotels';

/**
 * A guest across the chain (docs/decisions/103, "Guests across the chain"): a stay's dates at every
 * hotel side by side, and the account's stays at every hotel in one list. Each hotel is read through
 * its own modules' doors on its own database (a call per hotel, in parallel); nothing joins them.
 * A hotel that cannot answer is shown with its error, never failing the others.
 */

/** The standard plan's stay at every hotel for the guests: each type's rooms left and price. */
export async function chainAvailability(
  env: Env,
  request: URL,
  q: { from: string; to: string; adults: number },
): Promise<{ hotels: ChainAvailabilityHotel[] }> {
  const hotels = await activeHotelEnvs(env);
  const answers = await Promise.all(
    hotels.map(async ({ hotel, env: at }): Promise<ChainAvailabilityHotel> => {
      const shown = shownHotel(hotel, request, env);
      try {
        const db = drizzle(at.DB);
        const types = await listRoomTypes(db, { activeOnly: true });
        const roomTypes = await Promise.all(
          types.map(async (type) => {
            try {
              const { nights } = await nightlyAvailability(
                db,
                type.code,
                { from: q.from, to: q.to },
                { ratePlan: 'standard', guests: { adults: q.adults, children: 0 } },
              );
              const closed = nights.some((n) => n.restrictions.closed);
              return {
                code: type.code,
                nameAr: type.nameAr,
                nameEn: type.nameEn,
                available: Math.min(...nights.map((n) => n.available)),
                priceBaisa: closed ? null : nights.reduce((sum, n) => sum + n.priceBaisa, 0),
              };
            } catch (err) {
              // Too many guests for this type: it is not offered for the search.
              if (err instanceof ApiError) return null;
              throw err;
            }
          }),
        );
        return { hotel: shown, roomTypes: roomTypes.filter((t) => t !== null) };
      } catch (err) {
        console.log(
          JSON.stringify({ msg: 'chain-availability-failed', hotel: hotel.code, error: String(err) }),
        );
        return { hotel: shown, roomTypes: [], error: 'hotel_unavailable' };
      }
    }),
  );
  return { hotels: answers };
}

/** The most stays read at each hotel for the account's list. */
const STAYS_PER_HOTEL = 50;

/**
 * The signed-in account's bookings at every hotel of the chain, newest first, each with its hotel:
 * at each hotel, the bookings of its own row for the account (by e-mail; none where it never acted),
 * as that hotel's guest list shows them.
 */
export async function myChainStays(env: Env, request: URL, user: SessionUser) {
  const here = hotelOfEnv(env).code;
  const hotels = await activeHotelEnvs(env);
  const lists = await Promise.all(
    hotels.map(async ({ hotel, env: at }) => {
      const shown: ChainHotel = shownHotel(hotel, request, env);
      try {
        const db = drizzle(at.DB);
        const local = hotel.code === here ? { id: user.id } : await localUser(db, user.email);
        if (!local) return [];
        const guest: SessionUser = { ...user, id: local.id, role: 'guest' };
        const rows = await listBookings(db, guest, { limit: STAYS_PER_HOTEL });
        const holdMs = pendingHoldMs(at);
        return rows.map((row) => ({
          hotel: shown,
          booking: loyaltyBookings.guestView(listedBooking(row, holdMs)),
        }));
      } catch (err) {
        console.log(JSON.stringify({ msg: 'chain-stays-failed', hotel: hotel.code, error: String(err) }));
        return [];
      }
    }),
  );
  return lists.flat().sort((a, b) => (a.booking.checkInDate < b.booking.checkInDate ? 1 : -1));
}
