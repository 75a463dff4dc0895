import type { Language } from '@shared/constants';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { offerNightPrices, omrDecimal, typeNightBaisa } from '@shared/money';
import { nightPriceBaisa, nightRestrictions, planChain, rateLookup } from '@shared/rates';
import type { Db } from '../../platform/env';
import { offersShownTodayQuery, roomRowsQuery, siteSettingsRowQuery, withPrices } from '../catalog';
import { plansByCode, rateNightsAllTypesQuery, ratePlansQuery, toRateNight } from './pricing';

/**
 * The hotel as schema.org JSON-LD for the public pages: a `Hotel` with its name,
 * address and contacts from the site settings, each active room type (a row of the catalogue) a
 * `HotelRoom`, and for each an `Offer` at its lowest current price: the cheapest night for its
 * base occupancy (two for the spec's types) over the next
 * LOWEST_PRICE_NIGHTS nights on any active plan that sells it, priced by the one rule
 * (shared/src/rates.ts), skipping closed nights. One D1 round trip; rows bounded by those nights.
 */
export const LOWEST_PRICE_NIGHTS = 30;

/**
 * The hotel's JSON-LD object described above, in `language`, with links under `origin`.
 *
 * @example const data = await hotelStructuredData(db, 'https://hotel.example', 'ar');
 */
export async function hotelStructuredData(
  db: Db,
  origin: string,
  language: Language,
  now = new Date(),
): Promise<Record<string, unknown>> {
  const from = hotelToday(now);
  const to = addDays(from, LOWEST_PRICE_NIGHTS);
  const [settingsRows, roomRows, planRows, rateRows, offerRows] = await db.batch([
    siteSettingsRowQuery(db),
    roomRowsQuery(db),
    ratePlansQuery(db),
    rateNightsAllTypesQuery(db, from, to),
    offersShownTodayQuery(db, now),
  ]);
  const ar = language === 'ar';
  const settings = settingsRows[0];
  const offers = offerNightPrices(withPrices(offerRows));
  const plans = plansByCode(planRows);
  // The plans guests may book: a company's private plan is never a public price.
  const active = [...plans.values()].filter((p) => p.active && p.public);
  const nights = stayNights(from, to);
  const lowest = (room: (typeof roomRows)[number]): number | null => {
    const roomType = room.roomType;
    const rates = rateLookup(rateRows.filter((r) => r.roomType === roomType).map(toRateNight));
    const roomPrice = typeNightBaisa({ code: roomType, priceBaisa: room.pricePerNight }, offers);
    const guests = room.baseOccupancy;
    let min: number | null = null;
    for (const plan of active.filter((p) => p.roomTypes.includes(roomType))) {
      const chain = planChain(plans, plan.code);
      for (const night of nights) {
        if (nightRestrictions(chain, rates, night).closed) continue;
        const price = nightPriceBaisa(chain, rates, night, guests, {
          priceBaisa: roomPrice,
          baseOccupancy: guests,
          extraGuestPriceBaisa: room.extraGuestPriceBaisa,
        });
        if (min === null || price < min) min = price;
      }
    }
    return min;
  };
  const url = `${origin}/?lang=${language}`;
  const name = settings
    ? ar
      ? settings.siteNameAr
      : settings.siteName
    : ar
      ? 'فندق المعبيلة'
      : 'Al Maabila Hotel';
  const address = settings ? (ar ? settings.addressAr : settings.address) : '';
  const roomsLd = roomRows
    .filter((r) => r.available)
    .map((r) => ({
      '@type': 'HotelRoom',
      name: ar ? r.nameAr : r.name,
      description: ar ? r.descriptionAr : r.description,
      occupancy: { '@type': 'QuantitativeValue', maxValue: r.maxGuests },
    }));
  const offersLd = roomRows.flatMap((r) => {
    const price = r.available ? lowest(r) : null;
    if (price === null) return [];
    return [
      {
        '@type': 'Offer',
        name: ar ? r.nameAr : r.name,
        url,
        price: omrDecimal(price),
        priceCurrency: 'OMR',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: omrDecimal(price),
          priceCurrency: 'OMR',
          unitText: ar ? 'ليلة' : 'night',
        },
        itemOffered: { '@type': 'HotelRoom', name: ar ? r.nameAr : r.name },
      },
    ];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name,
    url,
    inLanguage: language,
    ...(settings?.siteDescription && {
      description: ar ? settings.siteDescriptionAr : settings.siteDescription,
    }),
    ...(settings?.contactPhone && { telephone: settings.contactPhone }),
    ...(settings?.contactEmail && { email: settings.contactEmail }),
    ...(address && { address: { '@type': 'PostalAddress', streetAddress: address, addressCountry: 'OM' } }),
    ...(settings && { checkinTime: settings.checkInTime, checkoutTime: settings.checkOutTime }),
    currenciesAccepted: 'OMR',
    containsPlace: roomsLd,
    makesOffer: offersLd,
  };
}

/** The JSON-LD as a `<script type="application/ld+json">` for the end of a page's body (`<` escaped). */
export async function structuredDataScript(db: Db, origin: string, language: Language): Promise<string> {
  const json = JSON.stringify(await hotelStructuredData(db, origin, language)).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}
