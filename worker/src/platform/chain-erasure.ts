import type { Env } from './env';

/**
 * A guest's erasure across the chain's hotels (docs/decisions/103, "Erasure"): the account is one
 * account of the chain, so its erasure at one hotel is its erasure at every hotel it is known at and
 * in the chain's own database; and its export at one hotel is every hotel's data about it. Two modules meet here without importing each other: modules/privacy
 * erases an account at one hotel and offers that (`HotelErasure`); modules/chain knows the other
 * hotels and the chain's rows and offers that (`ChainErasure`). The entry installs both once, as it
 * installs the points port. Without a chain database (one hotel) nothing is elsewhere.
 */

/** Why the account's data at a hotel may not be erased now, or null when it may. */
export type ErasureHold = 'staff' | 'bookings' | null;

/** What a hotel's erasure offers the chain (modules/privacy). */
export type HotelErasure = {
  /** Whether this hotel holds the e-mail's erasure back (a staff account, a booking still holding a room). */
  held(env: Env, email: string): Promise<ErasureHold>;
  /** Erases the e-mail's account at this hotel without a proof (the chain's erasure), its files and sockets with it. */
  erase(env: Env, email: string): Promise<'erased' | 'absent' | 'held'>;
  /** Everything this hotel holds about the e-mail's account (the owner's export, proven at another hotel), or null. */
  exportOf(env: Env, email: string): Promise<object | null>;
};

/** One other hotel's part of a guest's export across the chain. */
export type HotelExport = {
  hotel: { code: string; nameAr: string; nameEn: string };
  /** What that hotel holds, or null when it could not be read now (`unreachable`). */
  data: object | null;
  unreachable?: true;
};

/** What the chain offers a hotel's erasure (modules/chain). */
export type ChainErasure = {
  /** Whether a hotel of the chain other than this one holds the e-mail's erasure back. */
  heldElsewhere(env: Env, email: string): Promise<ErasureHold>;
  /** After this hotel's erasure committed: the chain hears of it at once (the account and its other mirrors go). */
  erased(env: Env): Promise<void>;
  /** The account's data at every other hotel of the chain it is known at (a guest's own export). */
  exportsElsewhere(env: Env, email: string): Promise<HotelExport[]>;
};

let hotel: HotelErasure | null = null;
let chain: ChainErasure | null = null;

/** The entry's installation (worker/src/index.ts). */
export function installErasure(h: HotelErasure, c: ChainErasure): void {
  hotel = h;
  chain = c;
}

/** A hotel's erasure, as the chain's push runs it at the other hotels. */
export function hotelErasure(): HotelErasure | null {
  return hotel;
}

/** The chain's part of an erasure when the deployment is a chain (a chain database bound), else null. */
export function chainErasure(env: Pick<Env, 'CHAIN_DB'>): ChainErasure | null {
  return env.CHAIN_DB ? chain : null;
}
