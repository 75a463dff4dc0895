/**
 * Offer validity windows, pure and free of zod so the guest panel can
 * use them without the schemas. Days are YYYY-MM-DD in Asia/Muscat (`hotelToday()`).
 */

/**
 * Whether an offer is shown on `today` (YYYY-MM-DD in Asia/Muscat, from
 * `hotelToday()`): switched on, and today inside [validFrom, validTo], both
 * days included; a missing end means open on that side. The worker filters
 * with the same rule in SQL (worker/src/modules/catalog/offers.ts).
 */
export function offerShownOn(
  offer: { isActive: boolean; validFrom: string | null; validTo: string | null },
  today: string,
): boolean {
  return (
    offer.isActive &&
    (offer.validFrom === null || offer.validFrom <= today) &&
    (offer.validTo === null || offer.validTo >= today)
  );
}

export type OfferWindowState = 'off' | 'scheduled' | 'live' | 'expired';

/** How the back office labels an offer on `today`. */
export function offerWindowState(
  offer: { isActive: boolean; validFrom: string | null; validTo: string | null },
  today: string,
): OfferWindowState {
  if (!offer.isActive) return 'off';
  if (offer.validTo !== null && offer.validTo < today) return 'expired';
  if (offer.validFrom !== null && offer.validFrom > today) return 'scheduled';
  return 'live';
}
