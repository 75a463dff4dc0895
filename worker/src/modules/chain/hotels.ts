import type { ChainHotel } from '@shared/chain-schemas';
import type { Env } from '../../platform/env';
import { chainHotels, defaultHotel, hotelEnv, hotelOfEnv, rootEnv, type Hotel } from '../../platform/hotels';
import { ApiError } from '../../platform/api-error';

/**
 * The chain's hotels as the app shows them (GET /api/hotels; docs/decisions/103): names, city,
 * picture, and where each is served. A hotel is served at its `APP_ORIGIN` setting (production),
 * else at its first host with this request's scheme and port (development: `<code>.localhost`),
 * else (the default hotel without a host) at this request's origin or the worker's APP_ORIGIN.
 */

const LOCAL = /^(127\.0\.0\.1|localhost|\[::1\])$/;

/** Where a hotel is served. */
export function hotelOrigin(hotel: Hotel, request: URL, env: Env): string {
  const configured = hotel.settings.APP_ORIGIN;
  if (configured) return configured.replace(/\/$/, '');
  const port = request.port ? `:${request.port}` : '';
  const host = hotel.hosts.find((h) => !LOCAL.test(h));
  if (host) return `${request.protocol}//${host}${port}`;
  if (hotel.binding === 'DB' && !LOCAL.test(request.hostname))
    return rootEnv(env).APP_ORIGIN.replace(/\/$/, '');
  return `${request.protocol}//127.0.0.1${port}`;
}

/** A hotel as the app shows it. */
export function shownHotel(hotel: Hotel, request: URL, env: Env): ChainHotel {
  const origin = hotelOrigin(hotel, request, env);
  return {
    code: hotel.code,
    nameAr: hotel.nameAr,
    nameEn: hotel.nameEn,
    cityAr: hotel.cityAr,
    cityEn: hotel.cityEn,
    photo: hotel.photo,
    host: new URL(origin).hostname,
    origin,
    current: hotel.code === hotelOfEnv(env).code,
  };
}

/** The chain's active hotels, in their order (the default one too, as the registry names it). */
export async function activeHotels(env: Env): Promise<Hotel[]> {
  const root = rootEnv(env);
  const hotels = await chainHotels(root);
  const main = defaultHotel(root, hotels);
  // A hotel registered but not bound (its binding not deployed here yet) is not shown.
  const list = hotels.filter((h) => h.binding === 'DB' || (h.active && hotelEnv(root, h) !== null));
  if (!list.some((h) => h.binding === 'DB')) list.unshift(main);
  return list;
}

/** An active hotel by code, or 404 `hotel_unknown`. */
export async function activeHotel(env: Env, code: string): Promise<Hotel> {
  const hotel = (await activeHotels(env)).find((h) => h.code === code);
  if (!hotel) throw new ApiError(404, 'hotel_unknown');
  return hotel;
}
