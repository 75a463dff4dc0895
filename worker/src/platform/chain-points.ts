import type { BatchItem } from 'drizzle-orm/batch';
import type { Env } from './env';

/**
 * Points across the chain's hotels (docs/decisions/103, "Loyalty points"), as modules/loyalty asks
 * for them without importing the chain: each hotel's ledger holds the points earned there; the
 * chain's balance is the sum of the account's balances at every hotel; a spend needing points held
 * elsewhere moves them first. modules/chain fills this port; the entry installs it once, as it
 * installs the notification channels. Without it (one hotel) nothing is elsewhere.
 */
export type ChainPointsPort = {
  /** The account's points at the chain's other hotels (one read each), by hotel: positive balances only. */
  elsewhere(
    env: Env,
    email: string,
  ): Promise<{ hotel: string; nameAr: string; nameEn: string; points: number }[]>;
  /**
   * Moves `points` of the account from the other hotels to this one, for a spend: taken at each
   * source under its own ledger's CHECK (409 `insufficient_points` when they are not there, nothing
   * left taken), answered as the statements that bring them in, to go in the spend's own batch, and
   * `settle`, called once that batch committed (`true`) or failed (`false`: the points go back).
   */
  bring(
    env: Env,
    email: string,
    points: number,
  ): Promise<{ statements: BatchItem<'sqlite'>[]; settle: (committed: boolean) => Promise<void> }>;
};

let port: ChainPointsPort | null = null;

/** The entry's installation (worker/src/index.ts). */
export function installChainPoints(p: ChainPointsPort): void {
  port = p;
}

/** The port when the deployment is a chain (a chain database bound), else null. */
export function chainPoints(env: Pick<Env, 'CHAIN_DB'>): ChainPointsPort | null {
  return env.CHAIN_DB ? port : null;
}
