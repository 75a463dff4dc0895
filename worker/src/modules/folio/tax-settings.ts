import { asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { TaxSettingsInput } from '@shared/tax-schemas';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { taxes, taxSettings } from './tables';

/**
 * The hotel's taxes and the supplier's details (GET/PUT /api/admin/taxes, decision 066). The
 * list is replaced whole by an admin's save, with the settings row and the audit line, in ONE
 * batch. Lines already posted keep the taxes they were split with; the list only decides lines
 * posted from then on (by their business date).
 */
export type TaxSettings = TaxSettingsInput;

/** The supplier's legal details as the settings row keeps them (the seed's demo hotel). */
export type SupplierDetails = {
  supplierNameAr: string;
  supplierNameEn: string;
  supplierAddressAr: string;
  supplierAddressEn: string;
  vatNumber: string;
  commercialRegistration: string;
};

/**
 * Sets the supplier's details unless the hotel has set its own (its English name and VAT number
 * both blank): the development seed, once, never over what the hotel set.
 *
 * @example
 * await fillSupplierIfBlank(db, DEMO_SUPPLIER);
 */
export async function fillSupplierIfBlank(db: Db, supplier: SupplierDetails): Promise<void> {
  await db
    .update(taxSettings)
    .set(supplier)
    .where(
      sql`${taxSettings.id} = 1 and ${taxSettings.supplierNameEn} = '' and ${taxSettings.vatNumber} = ''`,
    );
}

/**
 * The settings and every tax, in the order saved (one round trip).
 *
 * @example
 * const settings = await readTaxSettings(db);
 * chargeLineValues(settings, 'room', businessDate, 25_000);
 */
export async function readTaxSettings(db: Db): Promise<TaxSettings> {
  const [rows, list] = await db.batch([
    db.select().from(taxSettings).where(eq(taxSettings.id, 1)),
    db.select().from(taxes).orderBy(asc(taxes.sortOrder), asc(taxes.id)),
  ]);
  const row = rows[0];
  return {
    pricesIncludeTaxes: row?.pricesIncludeTaxes ?? true,
    supplier: {
      nameAr: row?.supplierNameAr ?? '',
      nameEn: row?.supplierNameEn ?? '',
      addressAr: row?.supplierAddressAr ?? '',
      addressEn: row?.supplierAddressEn ?? '',
      vatNumber: row?.vatNumber ?? '',
      commercialRegistration: row?.commercialRegistration ?? '',
    },
    taxes: list.map((t): TaxSettings['taxes'][number] => ({
      code: t.code,
      nameAr: t.nameAr,
      nameEn: t.nameEn,
      rateBp: t.rateBp,
      departments: t.departments,
      onEarlierTaxes: t.onEarlierTaxes,
      active: t.active,
      effectiveFrom: t.effectiveFrom,
    })),
  };
}

/** An admin's save: the settings row, the list replaced, the audit line (before and after). */
export async function saveTaxSettings(
  db: Db,
  actor: SessionUser,
  input: TaxSettingsInput,
): Promise<TaxSettings> {
  const before = await readTaxSettings(db);
  const row = {
    id: 1,
    pricesIncludeTaxes: input.pricesIncludeTaxes,
    supplierNameAr: input.supplier.nameAr,
    supplierNameEn: input.supplier.nameEn,
    supplierAddressAr: input.supplier.addressAr,
    supplierAddressEn: input.supplier.addressEn,
    vatNumber: input.supplier.vatNumber,
    commercialRegistration: input.supplier.commercialRegistration,
    updatedAt: new Date(),
  };
  await db.batch([
    db.insert(taxSettings).values(row).onConflictDoUpdate({ target: taxSettings.id, set: row }),
    db.delete(taxes),
    ...input.taxes.map((t, i) => db.insert(taxes).values({ ...t, sortOrder: i + 1 })),
    db.insert(auditLog).values(auditEntry(actor, 'taxes.updated', 'taxes', null, before, input)),
  ]);
  return readTaxSettings(db);
}
