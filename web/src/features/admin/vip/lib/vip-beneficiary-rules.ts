import { VIP_COFFEE_COOLDOWN_MS, type VipCardType } from '@shared/constants';
import { phoneSearchDigits, toLatinDigits } from '@shared/digits';
import type { BeneficiaryInput } from '@shared/vip-schemas';
import { type FieldErrors, validateWith } from '@/lib/field-messages';

/**
 * The add/edit form's checks: the shared schema (the worker validates with
 * the same one), plus the calendar rules. Answers with codes that
 * lib/field-messages.ts turns into sentences; the server has the last word.
 */
export type BeneficiaryValues = {
  fullName: string;
  phoneNumber: string;
  civilId: string;
  cardType: VipCardType | '';
  startDate: string;
};

/**
 * The shared schema loads as its own small chunk (fetched as soon as this
 * screen's code runs): imported statically, rolldown would fold it into this
 * screen's chunk, which then would no longer be admin-only and so would be
 * renamed and precached for guests (web/vite.config.ts).
 */
const schemaModule = import('@shared/vip-schemas');
const loadSchema = () => schemaModule;

/**
 * `today` is the hotel's date (YYYY-MM-DD); a new card cannot start before it,
 * while an edit may keep a start date that has since passed.
 */
export async function checkBeneficiary(
  values: BeneficiaryValues,
  today: string,
  { allowPastStart = false }: { allowPastStart?: boolean } = {},
): Promise<{ ok: true; data: BeneficiaryInput } | { ok: false; errors: FieldErrors }> {
  const { beneficiarySchema } = await loadSchema();
  const checked = validateWith(beneficiarySchema, { ...values, cardType: values.cardType || undefined });
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (!errors.startDate) {
    if (!isIsoDate(values.startDate)) errors.startDate = 'invalid_date';
    else if (!allowPastStart && values.startDate < today) errors.startDate = 'start_date_past';
  }
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: checked.data };
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The expiry shown under the start date while typing: one year later (the server stores its own). */
export function expiryPreview(startDate: string): string | null {
  if (!isIsoDate(startDate)) return null;
  const date = new Date(`${startDate}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** When the next free coffee may be served (ms), or null when one may be served now. */
export function nextCoffeeAt(lastCoffeeAt: string | number | null, now: number): number | null {
  if (lastCoffeeAt === null || lastCoffeeAt === '') return null;
  const last = new Date(lastCoffeeAt).getTime();
  if (Number.isNaN(last)) return null;
  const next = last + VIP_COFFEE_COOLDOWN_MS;
  return next > now ? next : null;
}

/** Used of allowed, never more than 100%, for the usage bars. */
export function usagePercent(used: number, allowed: number): number {
  if (allowed <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((used / allowed) * 100)));
}

type Searchable = { fullName: string; phoneNumber: string; civilId: string };

/** The list's search: by name, phone (any form of +968 and Arabic-Indic digits) or civil ID. */
export function matchesBeneficiary(beneficiary: Searchable, query: string): boolean {
  const q = toLatinDigits(query).trim().toLowerCase();
  if (!q) return true;
  if (beneficiary.fullName.toLowerCase().includes(q)) return true;
  if (toLatinDigits(beneficiary.civilId).toLowerCase().includes(q)) return true;
  const phone = phoneSearchDigits(q);
  return (
    phone.length > 0 && /^[\d\s+()-]+$/.test(q) && phoneSearchDigits(beneficiary.phoneNumber).includes(phone)
  );
}
