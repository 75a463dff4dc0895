import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emptyStorage } from '@worker-test/apply-migrations';

/**
 * Migration 0066 rebuilds `booking_submissions` (its guests' CHECK goes from 1-4 to 1-12, adults
 * and children are added) and 0067 rebuilds `rate_plans` (its room types' default). Dropping a
 * table whose rows other tables' rows cascade from would empty them; this file builds the
 * database of the migrations before, fills it, applies the two, and checks nothing was lost and
 * every trigger and index came back.
 */
const FIRST = '0066_booking_adults_children.sql';

const schemaOf = async (table: string) =>
  (
    await env.DB.prepare(
      `select type, name, sql from sqlite_master where tbl_name = ? and type in ('index', 'trigger') order by name`,
    )
      .bind(table)
      .all<{ type: string; name: string; sql: string | null }>()
  ).results;

describe('migrations 0066 and 0067: adults and children, and plans of any room type', () => {
  it('keep every booking with its nights and every plan with its rates, indexes and triggers', async () => {
    const migrations = env.TEST_MIGRATIONS;
    const at = migrations.findIndex((m) => m.name === FIRST);
    expect(at).toBeGreaterThan(0);
    await emptyStorage();
    await applyD1Migrations(env.DB, migrations.slice(0, at));
    const db = env.DB;
    await db.batch([
      db.prepare("update room_inventory set total_count = 5 where room_type = 'gold'"),
      db.prepare(
        "insert into room_inventory (room_type, total_count, max_capacity) select 'gold', 5, 36 where not exists (select 1 from room_inventory where room_type = 'gold')",
      ),
      db.prepare(
        `insert into booking_submissions (id, reference, full_name, phone_number, id_number, check_in_date,
           check_out_date, room_type, number_of_guests, status, created_by_staff_id)
         values (41, 'KQ7MXPA', 'Maryam Al Said', '96891234567', 'A1234567', '2030-03-01', '2030-03-03',
           'gold', 3, 'approved', null)`,
      ),
      db.prepare(
        "insert into booking_nights (booking_id, night, room_type) values (41, '2030-03-01', 'gold'), (41, '2030-03-02', 'gold')",
      ),
      db.prepare(
        "insert into rate_nights (rate_plan, room_type, night, price_baisa) values ('standard', 'gold', '2030-03-01', 15000)",
      ),
    ]);
    // A booking made and deleted: its id (42) is not drawn again after the rebuild.
    await db
      .prepare(
        `insert into booking_submissions (id, reference, full_name, phone_number, id_number, check_in_date,
           check_out_date, room_type) values (42, 'KQ7MXPD', 'Gone Guest', '96891234560', 'D1234567',
           '2030-05-01', '2030-05-02', 'gold')`,
      )
      .run();
    await db.prepare('delete from booking_submissions where id = 42').run();
    const indexesBefore = await schemaOf('booking_submissions');
    const planSchemaBefore = await schemaOf('rate_plans');
    const counts = async () =>
      db
        .prepare(
          `select (select count(*) from booking_submissions) as bookings,
            (select count(*) from booking_nights) as nights, (select count(*) from rate_plans) as plans,
            (select count(*) from rate_nights) as rates,
            (select count(*) from booking_search where booking_search match 'Maryam') as found`,
        )
        .first();
    const before = await counts();
    expect(before).toMatchObject({ bookings: 1, nights: 2, rates: 1, found: 1 });

    await applyD1Migrations(env.DB, migrations.slice(0, at + 2));

    expect(await counts()).toEqual(before);
    expect((await db.prepare('PRAGMA foreign_key_check').all()).results).toEqual([]);
    expect(await schemaOf('booking_submissions')).toEqual(indexesBefore);
    expect(await schemaOf('rate_plans')).toEqual(planSchemaBefore);
    // A booking made before adults and children: its guests are adults.
    expect(
      await db
        .prepare('select number_of_guests, adults, children from booking_submissions where id = 41')
        .first(),
    ).toEqual({ number_of_guests: 3, adults: 3, children: 0 });
    // The standard plan still sells the four it sold; a plan written without types sells none.
    expect(
      JSON.parse(
        (await db
          .prepare("select room_types from rate_plans where code = 'standard'")
          .first<{ room_types: string }>())!.room_types,
      ),
    ).toHaveLength(4);

    // Up to twelve guests now, adults and children kept; ids follow every one drawn before;
    // triggers are back.
    await db
      .prepare(
        `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date,
           check_out_date, room_type, number_of_guests, adults, children)
         values ('KQ7MXPB', 'Salim Al Harthy', '96891234568', 'B1234567', '2030-04-01', '2030-04-02', 'gold', 5, 2, 3)`,
      )
      .run();
    expect(
      await db
        .prepare("select id, adults, children from booking_submissions where reference = 'KQ7MXPB'")
        .first(),
    ).toEqual({ id: 43, adults: 2, children: 3 });
    expect(
      await db
        .prepare("select count(*) as n from booking_search where booking_search match 'Salim'")
        .first('n'),
    ).toBe(1);
    await expect(
      db
        .prepare(
          `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date,
             check_out_date, room_type, number_of_guests) values ('KQ7MXPC', 'X Y', '96891234569', 'C1234567',
             '2030-04-01', '2030-04-02', 'gold', 13)`,
        )
        .run(),
    ).rejects.toThrow(/CHECK/);
    // A booking deleted still takes its nights along (their foreign key cascades again).
    await db.prepare('delete from booking_submissions where id = 41').run();
    expect(await db.prepare('select count(*) as n from booking_nights').first('n')).toBe(0);
  });
});
