import type { Env, HotelOfEnv } from './env';

/**
 * Which hotel of the chain a request is for, and the env it runs with (docs/decisions/103).
 *
 * The registry is the chain database's `hotels` table, kept in memory for REGISTRY_TTL_MS and read
 * again at once (at most once a second) when a request names a host or a code it does not know. A
 * request of the default hotel (the binding `DB`) runs with the worker's env itself, unchanged; a
 * request of another hotel with an env of its own: its database as `DB`, its files under its R2
 * prefix as `IMAGES`, its live inbox's object names, its settings and secrets over the worker's,
 * and `HOTEL` naming it. The modules keep reading `c.get('db')`, `c.env.IMAGES` and
 * `c.env.CONVERSATION_HUB` as before.
 */

/** A hotel of the registry, as the worker reads it. */
export type Hotel = {
  code: string;
  nameAr: string;
  nameEn: string;
  cityAr: string;
  cityEn: string;
  /** A path or URL of the hotel's picture (served by the hotel itself), or null. */
  photo: string | null;
  /** Host names (no port) that choose this hotel. */
  hosts: string[];
  /** The name of its D1 binding (`DB` for the default hotel). */
  binding: string;
  /** The prefix of its keys in the R2 bucket ('' for the default hotel). */
  r2Prefix: string;
  /** Its own settings over the worker's (non-secret vars: APP_ORIGIN, MAIL_FROM, ...). */
  settings: Record<string, string>;
  sortOrder: number;
  active: boolean;
};

/** How long the registry read from the chain database is trusted in an isolate. */
export const REGISTRY_TTL_MS = 30_000;
/** A request naming an unknown host or code reads the registry again at most this often. */
const REGISTRY_RETRY_MS = 1_000;
/** Where the files of a hotel other than the default live in the bucket. */
export const HOTEL_FILES_PREFIX = 'hotels/';
/** Hosts that always mean the default hotel (local runs). */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Settings a hotel may not set for itself: the bindings and what says which hotel it is. */
const NOT_SETTINGS = new Set([
  'DB',
  'IMAGES',
  'ASSETS',
  'CONVERSATION_HUB',
  'CHAIN_DB',
  'HOTEL',
  'DEFAULT_HOTEL',
]);

type RegistryRow = {
  code: string;
  name_ar: string;
  name_en: string;
  city_ar: string;
  city_en: string;
  photo: string | null;
  hosts: string;
  binding: string;
  r2_prefix: string;
  settings: string;
  sort_order: number;
  active: number;
};

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function rowToHotel(row: RegistryRow): Hotel {
  const hosts = parseJson<unknown>(row.hosts, []);
  const settings = parseJson<unknown>(row.settings, {});
  return {
    code: row.code,
    nameAr: row.name_ar,
    nameEn: row.name_en,
    cityAr: row.city_ar,
    cityEn: row.city_en,
    photo: row.photo,
    hosts: Array.isArray(hosts)
      ? hosts.filter((h): h is string => typeof h === 'string').map((h) => h.toLowerCase())
      : [],
    binding: row.binding,
    r2Prefix: row.r2_prefix,
    settings:
      settings && typeof settings === 'object'
        ? Object.fromEntries(
            Object.entries(settings).filter(
              (entry): entry is [string, string] =>
                typeof entry[1] === 'string' && !NOT_SETTINGS.has(entry[0]),
            ),
          )
        : {},
    sortOrder: row.sort_order,
    active: row.active === 1,
  };
}

type Registry = { hotels: Hotel[]; readAt: number; generation: number };
let registry: Registry | null = null;
let reading: Promise<Registry> | null = null;
let generation = 0;

/** The registry as the chain database holds it (one query); none when there is no chain. */
async function readRegistry(chain: D1Database): Promise<Registry> {
  let hotels: Hotel[] = [];
  try {
    const { results } = await chain
      .prepare('SELECT * FROM hotels ORDER BY sort_order, code')
      .all<RegistryRow>();
    hotels = results.map(rowToHotel);
  } catch (err) {
    // A chain database not yet migrated is a chain of one hotel (the default), not an outage.
    if (!/no such table/i.test(String(err))) throw err;
  }
  generation += 1;
  return { hotels, readAt: Date.now(), generation };
}

/**
 * The chain's hotels (active and not), from memory while it is fresh. `refresh`: read again unless
 * read within the last second (a request naming a hotel the memory does not know yet).
 */
export async function chainHotels(env: Pick<Env, 'CHAIN_DB'>, refresh = false): Promise<Hotel[]> {
  if (!env.CHAIN_DB) return [];
  const now = Date.now();
  const age = registry ? now - registry.readAt : Infinity;
  if (registry && age < REGISTRY_TTL_MS && !(refresh && age >= REGISTRY_RETRY_MS)) return registry.hotels;
  reading ??= readRegistry(env.CHAIN_DB).finally(() => {
    reading = null;
  });
  registry = await reading;
  return registry.hotels;
}

/** Forgets the registry (a test, or `hotel:add` through the worker): the next request reads it again. */
export function forgetHotels(): void {
  registry = null;
}

/** The default hotel's code (the binding `DB`). */
export function defaultHotelCode(env: Pick<Env, 'DEFAULT_HOTEL'>): string {
  return env.DEFAULT_HOTEL?.trim() || 'main';
}

/** The hotel of a request's env: its code and names, the default's when the env is the worker's own. */
export function hotelOfEnv(env: Pick<Env, 'HOTEL' | 'DEFAULT_HOTEL'>): HotelOfEnv {
  return env.HOTEL ?? { code: defaultHotelCode(env), nameAr: '', nameEn: '', default: true };
}

/** The default hotel as the registry has it, or as the worker knows it without a registry. */
export function defaultHotel(env: Pick<Env, 'DEFAULT_HOTEL'>, hotels: Hotel[]): Hotel {
  const code = defaultHotelCode(env);
  return (
    hotels.find((h) => h.binding === 'DB') ?? {
      code,
      nameAr: code,
      nameEn: code,
      cityAr: '',
      cityEn: '',
      photo: null,
      hosts: [],
      binding: 'DB',
      r2Prefix: '',
      settings: {},
      sortOrder: 0,
      active: true,
    }
  );
}

/** The R2 bucket as a hotel sees it: every key under its prefix, listed without it. */
function prefixedBucket(bucket: R2Bucket, prefix: string): R2Bucket {
  const strip = <T extends { key: string }>(object: T): T =>
    new Proxy(object, {
      get(target, property) {
        if (property === 'key') return target.key.slice(prefix.length);
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const maybe = <T extends { key: string }>(object: T | null) => (object ? strip(object) : null);
  const view = {
    head: async (key: string) => maybe(await bucket.head(prefix + key)),
    get: async (key: string, options?: R2GetOptions) =>
      maybe(await bucket.get(prefix + key, options as R2GetOptions & { onlyIf?: R2Conditional })),
    put: async (key: string, value: Parameters<R2Bucket['put']>[1], options?: R2PutOptions) =>
      maybe(await bucket.put(prefix + key, value, options)),
    delete: (keys: string | string[]) =>
      bucket.delete(Array.isArray(keys) ? keys.map((k) => prefix + k) : prefix + keys),
    list: async (options?: R2ListOptions) => {
      const listed = await bucket.list({
        ...options,
        prefix: prefix + (options?.prefix ?? ''),
        ...(options?.startAfter ? { startAfter: prefix + options.startAfter } : {}),
      });
      return {
        ...listed,
        objects: listed.objects.map(strip),
        delimitedPrefixes: listed.delimitedPrefixes.map((p) => p.slice(prefix.length)),
      };
    },
    createMultipartUpload: (key: string, options?: R2MultipartOptions) =>
      bucket.createMultipartUpload(prefix + key, options),
    resumeMultipartUpload: (key: string, uploadId: string) =>
      bucket.resumeMultipartUpload(prefix + key, uploadId),
  };
  return view as unknown as R2Bucket;
}

/** A Durable Object namespace whose objects' names carry the hotel's code. */
function namedNamespace(ns: DurableObjectNamespace, code: string): DurableObjectNamespace {
  return new Proxy(ns, {
    get(target, property) {
      if (property === 'idFromName') return (name: string) => target.idFromName(`${code}:${name}`);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A hotel's secrets by name: `SALALAH__THAWANI_SECRET_KEY` is Salalah's `THAWANI_SECRET_KEY`. */
function hotelSecrets(env: Env, code: string): Record<string, string> {
  const head = `${code.toUpperCase().replaceAll('-', '_')}__`;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith(head) && typeof value === 'string' && !NOT_SETTINGS.has(name.slice(head.length))) {
      out[name.slice(head.length)] = value;
    }
  }
  return out;
}

const envs = new WeakMap<Env, Map<string, { generation: number; env: Env }>>();
/** The worker's own env a hotel's env was made from. */
const roots = new WeakMap<Env, Env>();

/** The worker's own env (the default hotel's) of any hotel's env. */
export function rootEnv(env: Env): Env {
  return roots.get(env) ?? env;
}

/**
 * The env a hotel's requests run with (made once per isolate, env and registry read). The default
 * hotel's is the worker's env itself. Null when the hotel's binding is not there (a hotel
 * registered before its binding was deployed).
 */
export function hotelEnv(anyEnv: Env, hotel: Hotel): Env | null {
  const env = rootEnv(anyEnv);
  if (hotel.binding === 'DB') return env;
  const database = (env as unknown as Record<string, unknown>)[hotel.binding] as D1Database | undefined;
  if (!database) return null;
  let byCode = envs.get(env);
  if (!byCode) envs.set(env, (byCode = new Map()));
  const kept = byCode.get(hotel.code);
  if (kept && kept.generation === registry?.generation) return kept.env;
  const prefix = hotel.r2Prefix || `${HOTEL_FILES_PREFIX}${hotel.code}/`;
  const made: Env = {
    ...env,
    ...hotel.settings,
    ...hotelSecrets(env, hotel.code),
    DB: database,
    IMAGES: prefixedBucket(env.IMAGES, prefix),
    ...(env.CONVERSATION_HUB ? { CONVERSATION_HUB: namedNamespace(env.CONVERSATION_HUB, hotel.code) } : {}),
    HOTEL: { code: hotel.code, nameAr: hotel.nameAr, nameEn: hotel.nameEn, default: false },
  } as Env;
  byCode.set(hotel.code, { generation: registry?.generation ?? 0, env: made });
  roots.set(made, env);
  return made;
}

/** The host a request was sent to, without port, lower case. */
function hostOf(request: Request): string {
  return new URL(request.url).hostname.toLowerCase();
}

/**
 * The hotel a request is for and the env it runs with: in development `X-Hotel: <code>` first,
 * then the host name, then the default hotel. A `Response` when the request names a hotel that is
 * not there (404 `hotel_unknown`, development only) or is not served (503).
 */
export async function hotelOfRequest(
  request: Request,
  env: Env,
): Promise<{ hotel: Hotel; env: Env } | { refused: 'hotel_unknown' | 'hotel_unavailable' }> {
  if (!env.CHAIN_DB) return { hotel: defaultHotel(env, []), env };
  const asked =
    env.ENVIRONMENT === 'development' ? request.headers.get('x-hotel')?.trim().toLowerCase() : undefined;
  const host = hostOf(request);
  const find = (hotels: Hotel[]) =>
    asked ? hotels.find((h) => h.code === asked) : hotels.find((h) => h.hosts.includes(host));
  let hotels = await chainHotels(env);
  let hotel = find(hotels);
  const mayBeNew = asked !== undefined || !LOCAL_HOSTS.has(host);
  if (!hotel && mayBeNew) {
    hotels = await chainHotels(env, true);
    hotel = find(hotels);
  }
  if (!hotel) {
    if (asked && asked !== defaultHotelCode(env)) return { refused: 'hotel_unknown' };
    return { hotel: defaultHotel(env, hotels), env };
  }
  if (!hotel.active && hotel.binding !== 'DB') return { refused: 'hotel_unavailable' };
  const made = hotelEnv(env, hotel);
  if (!made) return { refused: 'hotel_unavailable' };
  return { hotel, env: made };
}

/** The env of every active hotel, the default first: the crons' run and the chain's calls. */
export async function activeHotelEnvs(anyEnv: Env): Promise<{ hotel: Hotel; env: Env }[]> {
  const env = rootEnv(anyEnv);
  const hotels = await chainHotels(env);
  const main = defaultHotel(env, hotels);
  const list: { hotel: Hotel; env: Env }[] = [{ hotel: main, env }];
  for (const hotel of hotels) {
    if (hotel.binding === 'DB' || !hotel.active) continue;
    const made = hotelEnv(env, hotel);
    if (made) list.push({ hotel, env: made });
  }
  return list;
}
