import { and, eq, isNull, sql } from 'drizzle-orm';
import { BED_TYPES, EVENT_TYPES, SMOKING_TYPES, VIP_CARDS } from '@shared/constants';
import {
  FREE_NIGHT_COST,
  LOW_STOCK,
  OFFER_PRICES_BAISA,
  POINTS_EARNED,
  ROOM_INVENTORY,
  ROOM_PRICES_BAISA,
  ROOM_TYPES,
} from './spec-room-types';
import type { Db, Env } from '../platform/env';
import { hashPassword } from '../modules/accounts';
import { offers, rooms, services, siteSettings, events, vipCardTypes } from '../modules/catalog/tables';
import { customChatQa } from '../modules/assistant/tables';
import { eventSettings } from '../modules/draws/tables';
import { hotelRooms } from '../modules/inventory/tables';
import { roomBedInventory, roomInventory, roomSmokingInventory } from '../modules/inventory/allotment-tables';
import { users } from '../platform/tables';
import { ratePlans } from '../modules/rates/tables';
import { seedCityLedgerAccount } from '../modules/companies';
import { fillSupplierIfBlank } from '../modules/folio';
import { seedOutlet } from '../modules/outlets';
import {
  CHAT_QA_SEED,
  DEMO_HOTEL_SITES,
  DEMO_SUPPLIER,
  EVENT_SEED,
  OFFER_SEED,
  RATE_PLAN_SEED,
  ROOM_SEED,
  SERVICE_SEED,
  SITE_SETTINGS_SEED,
  VIP_CARD_SEED,
} from './seed-data';
import { COMPANY_SEED } from './company-seed';
import { OUTLET_SEED } from './outlet-seed';

/**
 * The demo data, idempotent: running it again inserts nothing twice and never
 * overwrites what staff changed (inventory counters, settings, offers). Catalogue
 * text (rooms, services, card types) is refreshed from seed-data.ts.
 * Refuses to run outside development: production has no demo accounts.
 */
export async function seed(
  db: Db,
  env: Pick<Env, 'ENVIRONMENT' | keyof SeedAccounts | 'PASSWORD_PEPPER'>,
  // The worker tests pass hashes made once per run (worker/vitest.config.ts): at 100,000
  // iterations, two hashes per test file were a fixed cost of every file.
  hash: (password: string, pepper: string) => Promise<string> = hashPassword,
) {
  if (env.ENVIRONMENT !== 'development') {
    throw new Error('The demo seed runs only with ENVIRONMENT=development.');
  }

  await seedRoomTypes(db);
  await seedOffers(db);
  await seedRatePlans(db);

  // The demo hotel's legal details for its tax invoices (made up: the hotel sets its own at
  // /admin/taxes), once, and never over what the hotel set.
  await fillSupplierIfBlank(db, DEMO_SUPPLIER);

  // A company with the private corporate plan and a travel agent: once, never over a manager's edits.
  for (const account of COMPANY_SEED) await seedCityLedgerAccount(db, account);

  // A café, a restaurant and the minibar with their menus: once, never over a manager's edits.
  for (const outlet of OUTLET_SEED) await seedOutlet(db, outlet);

  await seedCatalogue(db);
  await seedSiteSettings(db);
  await seedInventoryDefaults(db);
  await seedNumberedRooms(db);
  await seedChatQa(db);
  await seedAccounts(db, env, hash);
}

/**
 * The room types are the hotel's data once seeded (/admin/room-types): inserted once with the
 * spec's figures (migration 0065 gave a database seeded before the same), never overwritten.
 */
async function seedRoomTypes(db: Db) {
  for (const room of ROOM_SEED) {
    const prices = ROOM_PRICES_BAISA[room.roomType];
    const inventory = ROOM_INVENTORY[room.roomType];
    const values = {
      ...room,
      pricePerNight: prices.discounted,
      originalPrice: prices.original,
      baseOccupancy: 2,
      maxAdults: 4,
      maxChildren: 3,
      bedTypes: BED_TYPES.filter((bed) => inventory.beds[bed].cap > 0),
      smokingOptions: [...SMOKING_TYPES],
      pointsPerStay: POINTS_EARNED[room.roomType],
      freeNightPoints: FREE_NIGHT_COST[room.roomType],
      roomCount: inventory.rooms.cap,
      // Counted by the database as the numbered rooms below are added (migration 0077).
      listedRooms: 0,
      lowStockRed: LOW_STOCK[room.roomType].red,
      lowStockYellow: LOW_STOCK[room.roomType].yellow,
    };
    await db.insert(rooms).values(values).onConflictDoNothing({ target: rooms.roomType });
  }
}

/**
 * Offers are staff's once seeded (/admin/offers): inserted once, never overwritten. The
 * August demo offers of earlier seeds go unless staff edited them.
 */
async function seedOffers(db: Db) {
  await db.run(sql`delete from offers where slug like 'august-%' and updated_by_user_id is null`);
  for (const offer of OFFER_SEED) {
    // The spec's offers carry their own prices (set (b), migration 0023).
    const prices = OFFER_PRICES_BAISA[offer.roomType];
    const values = {
      ...offer,
      originalPrice: prices.original,
      discountedPrice: prices.discounted,
      fixedPrices: true,
    };
    await db.insert(offers).values(values).onConflictDoNothing({ target: offers.slug });
  }
}

/**
 * The demo's rate plans beside `standard` (migration 0055): staff's once seeded, never overwritten.
 * They sell every seeded room type (the table's default names none, migration 0067).
 */
async function seedRatePlans(db: Db) {
  const seededTypes = ROOM_SEED.map((room) => room.roomType);
  for (const plan of RATE_PLAN_SEED) {
    await db
      .insert(ratePlans)
      .values({ roomTypes: seededTypes, ...plan })
      .onConflictDoNothing({ target: ratePlans.code });
  }
}

/** The catalogue's text (events, services, VIP card types): refreshed from seed-data.ts on every run. */
async function seedCatalogue(db: Db) {
  for (const event of EVENT_SEED) {
    await db.insert(events).values(event).onConflictDoUpdate({ target: events.slug, set: event });
  }

  for (const service of SERVICE_SEED) {
    await db.insert(services).values(service).onConflictDoUpdate({ target: services.slug, set: service });
  }

  for (const card of VIP_CARD_SEED) {
    const c = VIP_CARDS[card.id];
    const values = {
      ...card,
      price: c.priceBaisa,
      totalRooms: c.totalRooms,
      freeCoffees: c.freeCoffees,
      freeNights: c.freeNights,
      discounts: c.discounts,
      isMostPopular: c.mostPopular,
    };
    await db.insert(vipCardTypes).values(values).onConflictDoUpdate({ target: vipCardTypes.id, set: values });
  }
}

/** The demo settings until an admin saves the settings once (/admin/settings). */
async function seedSiteSettings(db: Db) {
  await db
    .insert(siteSettings)
    .values({ id: 1, ...SITE_SETTINGS_SEED })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: SITE_SETTINGS_SEED,
      where: sql`${siteSettings.updatedByUserId} is null`,
    });
}

/**
 * A hotel of the demo chain other than the default one (scripts/seed-local.ts, after `seed`): its
 * name from hotels.json and its own description and address (DEMO_HOTEL_SITES), until an admin
 * saves the settings once, as the seed's settings go.
 */
export async function seedHotelSite(db: Db, hotel: { code: string; nameEn: string; nameAr: string }) {
  await db
    .update(siteSettings)
    .set({ siteName: hotel.nameEn, siteNameAr: hotel.nameAr, ...DEMO_HOTEL_SITES[hotel.code] })
    .where(and(eq(siteSettings.id, 1), isNull(siteSettings.updatedByUserId)));
}

/** Inventory (rooms, beds, smoking) and the draws' event switches: defaults once; staff changes are kept on later runs. */
async function seedInventoryDefaults(db: Db) {
  await db.batch([
    db
      .insert(roomInventory)
      .values(
        ROOM_TYPES.map((roomType) => ({
          roomType,
          totalCount: ROOM_INVENTORY[roomType].rooms.default,
          maxCapacity: ROOM_INVENTORY[roomType].rooms.cap,
        })),
      )
      .onConflictDoNothing(),
    db
      .insert(roomBedInventory)
      .values(
        ROOM_TYPES.flatMap((roomType) =>
          BED_TYPES.map((bedType) => ({
            roomType,
            bedType,
            totalCount: ROOM_INVENTORY[roomType].beds[bedType].default,
            maxCapacity: ROOM_INVENTORY[roomType].beds[bedType].cap,
          })),
        ),
      )
      .onConflictDoNothing(),
    db
      .insert(roomSmokingInventory)
      .values(
        ROOM_TYPES.flatMap((roomType) =>
          SMOKING_TYPES.map((smokingType) => ({
            roomType,
            smokingType,
            totalCount: ROOM_INVENTORY[roomType].smoking[smokingType].default,
            maxCapacity: ROOM_INVENTORY[roomType].smoking[smokingType].cap,
          })),
        ),
      )
      .onConflictDoNothing(),
    db
      .insert(eventSettings)
      .values(EVENT_TYPES.map((eventType) => ({ eventType, isEnabled: true })))
      .onConflictDoNothing(),
  ]);
}

/**
 * The hotel's numbered rooms: as many of each type as the inventory's default
 * totals, numbered by floor, only into an empty table (an admin's rooms are kept).
 */
async function seedNumberedRooms(db: Db) {
  const numbered = await db
    .select({ n: sql<number>`count(*)` })
    .from(hotelRooms)
    .get();
  if ((numbered?.n ?? 0) === 0) {
    // D1 binds at most 100 values a statement: 25 rooms (3 each) per insert, in one batch.
    const rows = demoHotelRooms();
    const inserts = [];
    for (let i = 0; i < rows.length; i += 25)
      inserts.push(db.insert(hotelRooms).values(rows.slice(i, i + 25)));
    const [first, ...rest] = inserts;
    if (first) await db.batch([first, ...rest]);
  }
}

/** The assistant's Q&A: only into an empty table, so the admin's edits are kept. */
async function seedChatQa(db: Db) {
  const qa = await db
    .select({ n: sql<number>`count(*)` })
    .from(customChatQa)
    .get();
  if ((qa?.n ?? 0) === 0) await db.insert(customChatQa).values(CHAT_QA_SEED);
}

/**
 * The demo hotel's rooms: silver on floor 1 (101-112), gold on floors 2-4 (201-212, 301-312,
 * 401-412), diamond on floor 5 (503-510), deluxe on floor 6 (601-604). Floor 5's first two
 * numbers, 501 and 502, are left free for rooms of a type an admin adds (a family suite, say).
 */
const FREE_FLOOR = { floor: 5, firstNumber: 3 };

export function demoHotelRooms(): (typeof hotelRooms.$inferInsert)[] {
  const perFloor = 12;
  const rooms: (typeof hotelRooms.$inferInsert)[] = [];
  let floor = 1;
  for (const roomType of ROOM_TYPES) {
    const count = ROOM_INVENTORY[roomType].rooms.default;
    for (let i = 0; i < count; i++) {
      const f = floor + Math.floor(i / perFloor);
      const first = f === FREE_FLOOR.floor ? FREE_FLOOR.firstNumber : 1;
      rooms.push({ number: String(f * 100 + (i % perFloor) + first), roomType, floor: f });
    }
    floor += Math.ceil(count / perFloor);
  }
  return rooms;
}

type SeedAccounts = {
  ADMIN_EMAIL: string;
  ADMIN_PASSWORD?: string;
  STAFF_EMAIL?: string;
  STAFF_PASSWORD?: string;
  HOUSEKEEPER_EMAIL?: string;
  HOUSEKEEPER_PASSWORD?: string;
  MANAGER_EMAIL?: string;
  MANAGER_PASSWORD?: string;
  MAINTENANCE_EMAIL?: string;
  MAINTENANCE_PASSWORD?: string;
};

async function seedAccounts(
  db: Db,
  env: SeedAccounts & { PASSWORD_PEPPER: string },
  hash: (password: string, pepper: string) => Promise<string>,
) {
  const accounts = [
    { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, role: 'admin' as const, fullName: 'Hotel Admin' },
    { email: env.STAFF_EMAIL, password: env.STAFF_PASSWORD, role: 'staff' as const, fullName: 'Front Desk' },
    {
      email: env.HOUSEKEEPER_EMAIL,
      password: env.HOUSEKEEPER_PASSWORD,
      role: 'housekeeper' as const,
      fullName: 'Housekeeping',
    },
    {
      email: env.MANAGER_EMAIL,
      password: env.MANAGER_PASSWORD,
      role: 'manager' as const,
      fullName: 'Duty Manager',
    },
    {
      email: env.MAINTENANCE_EMAIL,
      password: env.MAINTENANCE_PASSWORD,
      role: 'maintenance' as const,
      fullName: 'Maintenance',
    },
  ];
  for (const account of accounts) {
    if (!account.email || !account.password) continue;
    const email = account.email.trim().toLowerCase();
    const existing = await db.get<{ id: number }>(sql`select id from users where email = ${email}`);
    if (existing) continue;
    await db
      .insert(users)
      .values({
        email,
        fullName: account.fullName,
        role: account.role,
        isVerified: true,
        passwordHash: await hash(account.password, env.PASSWORD_PEPPER),
      })
      .onConflictDoNothing();
  }
}
