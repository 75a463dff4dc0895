import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emptyStorage } from '@worker-test/apply-migrations';

/**
 * The migration that adds the housekeeper and manager roles rebuilds `users` and
 * `push_subscriptions`. D1 keeps foreign keys on during migrations and dropping a parent table
 * deletes its rows first, which would empty every table whose rows cascade from a user (sessions,
 * push subscriptions and their outbox) or set their user to null (bookings, audit entries). This file builds the
 * database of the migrations before it, fills it, then applies it, and checks nothing was lost.
 */
const ROLES_MIGRATION = '0049_housekeeper_and_manager_roles.sql';

describe('migration 0049: the housekeeper and manager roles', () => {
  it('keeps every user, their sessions, push subscriptions and outbox, and allows the new roles', async () => {
    const migrations = env.TEST_MIGRATIONS;
    const at = migrations.findIndex((m) => m.name === ROLES_MIGRATION);
    expect(at).toBeGreaterThan(0);
    await emptyStorage();
    await applyD1Migrations(env.DB, migrations.slice(0, at));

    const db = env.DB;
    await db.batch([
      db.prepare(
        "insert into users (id, full_name, email, role, is_verified) values (7, 'Old Guest', 'old-guest@example.com', 'guest', 1), (8, 'Old Clerk', 'old-clerk@example.com', 'staff', 1)",
      ),
      db.prepare(
        "insert into sessions (id_hash, user_id, expires_at, user_role) values ('s-guest', 7, 9999999999999, 'guest'), ('s-clerk', 8, 9999999999999, 'staff')",
      ),
      db.prepare(
        "insert into push_subscriptions (id, endpoint, p256dh, auth, user_id, role) values (3, 'https://push.example/1', 'k', 'a', 8, 'staff')",
      ),
      db.prepare("insert into push_outbox (subscription_id, kind, subject_id) values (3, 'booking', 1)"),
    ]);
    const counts = async () =>
      db
        .prepare(
          `select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
            (select count(*) from push_subscriptions) as subscriptions, (select count(*) from push_outbox) as outbox,
            (select value from rollup_counts where name = 'registered_users') as registered`,
        )
        .first();
    const before = await counts();
    expect(before).toMatchObject({ users: 2, sessions: 2, subscriptions: 1, outbox: 1 });

    await applyD1Migrations(env.DB, migrations.slice(0, at + 1));

    expect(await counts()).toEqual(before);
    expect((await db.prepare('select id, email, role from users order by id').all()).results).toEqual([
      { id: 7, email: 'old-guest@example.com', role: 'guest' },
      { id: 8, email: 'old-clerk@example.com', role: 'staff' },
    ]);
    expect((await db.prepare('PRAGMA foreign_key_check').all()).results).toEqual([]);

    // The new roles are accepted, reach the sessions at once, and the new ids follow the old ones.
    await db.prepare("update users set role = 'housekeeper' where id = 8").run();
    expect(
      await db.prepare("select user_role from sessions where id_hash = 's-clerk'").first('user_role'),
    ).toBe('housekeeper');
    await db
      .prepare(
        "insert into users (full_name, email, role, is_verified) values ('New Manager', 'm@example.com', 'manager', 1)",
      )
      .run();
    expect(await db.prepare("select id from users where email = 'm@example.com'").first('id')).toBe(9);
    await expect(db.prepare("update users set role = 'owner' where id = 8").run()).rejects.toThrow(/CHECK/);
    await db.prepare("update push_subscriptions set role = 'manager' where id = 3").run();

    // The triggers came back: a deleted user still takes their sessions, subscriptions and outbox along.
    await db.prepare('delete from users where id = 8').run();
    expect(await counts()).toMatchObject({ users: 2, sessions: 1, subscriptions: 0, outbox: 0 });
  });
});
