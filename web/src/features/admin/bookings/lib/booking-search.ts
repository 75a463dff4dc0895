import { bookingReferenceQuery } from '@shared/booking-reference';
import { normalizePhone, toLatinDigits } from '@shared/digits';

type Searchable = { fullName: string; phoneNumber: string; idNumber: string; reference: string };

/**
 * The alerts screen's search: by name, phone, ID number or booking reference, on
 * the list already loaded (so it works offline too). Arabic-Indic digits and "+968"
 * are accepted, as everywhere else; a reference in any case, with or without its dash.
 */
export function matchesSearch(booking: Searchable, query: string): boolean {
  const q = toLatinDigits(query).trim().toLowerCase();
  if (!q) return true;
  if (booking.fullName.toLowerCase().includes(q)) return true;
  if (toLatinDigits(booking.idNumber).toLowerCase().includes(q)) return true;
  const reference = bookingReferenceQuery(query);
  if (reference && booking.reference.includes(reference)) return true;
  const phone = normalizePhone(q);
  return phone.length > 0 && /^[\d\s+()-]+$/.test(q) && normalizePhone(booking.phoneNumber).includes(phone);
}
