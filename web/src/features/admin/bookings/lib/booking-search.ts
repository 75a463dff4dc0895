import { bookingReferenceQuery } from '@shared/booking-reference';
import { phoneSearchDigits, toLatinDigits } from '@shared/digits';

type Searchable = {
  fullName: string;
  phoneNumber: string;
  idNumber: string;
  reference: string;
  userEmail?: string | null;
};

/**
 * The alerts screen's search: by name, phone, ID number, e-mail or booking reference, on
 * the list already loaded (so it works offline too). Arabic-Indic digits and "+968"
 * are accepted, as everywhere else; a reference in any case, with or without its dash.
 */
export function matchesSearch(booking: Searchable, query: string): boolean {
  const q = toLatinDigits(query).trim().toLowerCase();
  if (!q) return true;
  if (booking.fullName.toLowerCase().includes(q)) return true;
  if (toLatinDigits(booking.idNumber).toLowerCase().includes(q)) return true;
  if (booking.userEmail?.toLowerCase().includes(q)) return true;
  const reference = bookingReferenceQuery(query);
  if (reference && booking.reference.includes(reference)) return true;
  const phone = phoneSearchDigits(q);
  return (
    phone.length > 0 && /^[\d\s+()-]+$/.test(q) && phoneSearchDigits(booking.phoneNumber).includes(phone)
  );
}

/**
 * What the server is asked to search for: its full-text index matches three characters or more,
 * so a shorter query filters the page already shown (matchesSearch) instead.
 */
export function serverSearchQuery(search: string): string | undefined {
  return [...search].length >= 3 ? search : undefined;
}
