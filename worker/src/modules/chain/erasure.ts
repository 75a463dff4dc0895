import { hotelErasure, type ChainErasure, type ErasureHold } from '../../platform/chain-erasure';
import { otherHotelsOf } from './erase-everywhere';
import { pushHotel } from './push';

/**
 * The chain's side of a guest's erasure, as modules/privacy asks for it (platform/chain-erasure.ts;
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
};
