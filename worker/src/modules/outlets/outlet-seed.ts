import { eq } from 'drizzle-orm';
import type { OutletKind } from '@shared/outlets';
import type { FolioDepartment } from '@shared/taxes';
import type { Db } from '../../platform/env';
import { outletItems, outlets } from './tables';

/** A demo outlet and its menu (prices with taxes, in baisa). */
export type OutletSeed = {
  nameAr: string;
  nameEn: string;
  kind: OutletKind;
  opensAt: string;
  closesAt: string;
  /** Guests order from it in the app (decision 102), and its treatments' places at once. */
  appOrders?: boolean;
  slotCapacity?: number;
  items: {
    nameAr: string;
    nameEn: string;
    priceBaisa: number;
    department: FolioDepartment;
    /** A treatment's length in minutes (booked at a time). */
    durationMinutes?: number;
  }[];
};

/**
 * The demo's outlets (worker/src/seed): each inserted once with its items, by its English name, and
 * never over what a manager changed since (/admin/outlets).
 *
 * @example for (const outlet of OUTLET_SEED) await seedOutlet(db, outlet);
 */
export async function seedOutlet(db: Db, seed: OutletSeed): Promise<void> {
  const [existing] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.nameEn, seed.nameEn));
  if (existing) return;
  const { items, ...outlet } = seed;
  const [made] = await db.insert(outlets).values(outlet).returning({ id: outlets.id });
  if (items.length > 0) {
    await db.insert(outletItems).values(items.map((item) => ({ ...item, outletId: made!.id })));
  }
}
