import {
  hotelErasure,
  type ChainErasure,
  type ErasureHold,
  type HotelExport,
} from '../../platform/chain-erasure';
import { otherHotelsOf } from './erase-everywhere';
import { pushHotel } from './push';

/**
 * The chain's side of a guest's erasure and export, as modules/privacy asks for them (platform/chain-erasure.ts;
 * the rules in erase-everywhere.ts).
 */
export const chainErasurePort: ChainErasure = {
  async heldElsewhere(env, email) {
    const erasure = hotelErasure();
    if (!erasure) return null;
    const holds = await Promise.all(
      (await otherHotelsOf(env)).map(({ env: other }) => erasure.held(other, email)),
    );
    const hold: ErasureHold = holds.find((h) => h === 'staff') ?? holds.find((h) => h === 'bookings') ?? null;
    return hold;
  },
  async erased(env) {
    await pushHotel(env);
  },
  async exportsElsewhere(env, email) {
    const erasure = hotelErasure();
    if (!erasure) return [];
    const exports = await Promise.all(
      (await otherHotelsOf(env)).map(async ({ hotel, env: other }): Promise<HotelExport> => {
        const named = { code: hotel.code, nameAr: hotel.nameAr, nameEn: hotel.nameEn };
        try {
          return { hotel: named, data: await erasure.exportOf(other, email) };
        } catch (err) {
          // Said in the file rather than left out: the guest exports again later.
          console.log(JSON.stringify({ msg: 'chain-export-failed', hotel: hotel.code, error: String(err) }));
          return { hotel: named, data: null, unreachable: true };
        }
      }),
    );
    // A hotel that does not know the account has nothing to say; one that could not be read is named.
    return exports.filter((e) => e.data !== null || e.unreachable);
  },
};
