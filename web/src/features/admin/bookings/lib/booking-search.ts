import { normalizePhone, toLatinDigits } from '@shared/digits';

type Searchable = { fullName: string; phoneNumber: string; idNumber: string };

/**
 * The alerts screen's search: by name, phone or ID number, on the list already
 * loaded (so it works offline too). Arabic-Indic digits and "+968" are
 * accepted, as everywhere else.
 */
export function matchesSearch(booking: Searchable, query: string): boolean {
  const q = toLatinDigits(query).trim().toLowerCase();
  if (!q) return true;
  if (booking.fullName.toLowerCase().includes(q)) return true;
  if (toLatinDigits(booking.idNumber).toLowerCase().includes(q)) return true;
  const phone = normalizePhone(q);
  return phone.length > 0 && /^[\d\s+()-]+$/.test(q) && normalizePhone(booking.phoneNumber).includes(phone);
}
