import { and, eq, sql } from 'drizzle-orm';
import type { UserRole } from '@shared/constants';
import type { Db } from '../../platform/env';
import { sessions, users, type User } from '../../platform/tables';
import { chainAccountVersions, chainOutbox } from './tables';
import type { ChainAccount } from './chain-database';

/**
 * An account's mirror in a hotel's database (docs/decisions/103, "Accounts"): the hotel's own
 * `users` row for the chain's account, so that every foreign key, session and audit line of the
 * hotel keeps pointing at a row of its own database. Written the first time the account acts at
 * the hotel, and brought up to date when the chain's account changed since it was last written
 * here (a password reset or a new name at another hotel).
 */

/**
 * The hotel's row of an e-mail, the chain version it was last written from, and whether the e-mail's
 * account was erased here and the chain has not heard of it yet (one batch).
 */
async function localOf(
  db: Db,
  email: string,
): Promise<{ user: User | undefined; version: number | null; erasing: boolean }> {
  const [found, versions, erased] = await db.batch([
    db.select().from(users).where(eq(users.email, email)).limit(1),
    db
      .select({ version: chainAccountVersions.version })
      .from(chainAccountVersions)
      .where(eq(chainAccountVersions.email, email)),
    db
      .select({ id: chainOutbox.id })
      .from(chainOutbox)
      .where(and(eq(chainOutbox.kind, 'erased'), eq(chainOutbox.ref, email)))
      .limit(1),
  ]);
  return { user: found[0], version: versions[0]?.version ?? null, erasing: erased.length > 0 };
}

function versionStatement(db: Db, email: string, version: number) {
  return db
    .insert(chainAccountVersions)
    .values({ email, version })
    .onConflictDoUpdate({
      target: chainAccountVersions.email,
      set: { version: sql`max(${chainAccountVersions.version}, excluded.version)`, updatedAt: new Date() },
    });
}

export type MirrorOutcome = 'created' | 'updated' | 'current' | 'none';

/**
 * Makes the hotel's mirror of `account` current: written when missing (if `create`, with `role`,
 * a guest by default), brought up to date when the chain's account is newer than what this hotel
 * last took (a changed password also ends the account's sessions here). A role is never changed
 * here but when `role` is given (an admin's grant, modules/chain/access.ts): a hotel's roles are its own.
 */
export async function syncMirror(
  db: Db,
  account: ChainAccount,
  { create = false, role }: { create?: boolean; role?: UserRole } = {},
): Promise<MirrorOutcome> {
  const { user, version, erasing } = await localOf(db, account.email);
  if (!user) {
    // An account erased here is never written again from the chain's copy the push has not removed yet.
    if (!create || account.isDisabled || erasing) return 'none';
    await db.batch([
      db
        .insert(users)
        .values({
          fullName: account.fullName,
          email: account.email,
          passwordHash: account.passwordHash,
          googleSub: account.googleSub,
          role: role ?? 'guest',
          isVerified: true,
          isDisabled: account.isDisabled,
        })
        .onConflictDoNothing(),
      versionStatement(db, account.email, account.version),
    ]);
    return 'created';
  }
  const stale = version === null || version < account.version;
  const roleChange = role !== undefined && user.role !== role;
  if (!stale && !roleChange) return 'current';
  const passwordChanged = stale && (user.passwordHash ?? null) !== (account.passwordHash ?? null);
  await db.batch([
    db
      .update(users)
      .set({
        ...(stale
          ? {
              fullName: account.fullName,
              passwordHash: account.passwordHash,
              googleSub: account.googleSub,
              isDisabled: account.isDisabled,
              isVerified: true,
            }
          : {}),
        ...(roleChange ? { role } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id)),
    // A password changed elsewhere ends the account's sessions here, as a reset does at its own hotel.
    ...(passwordChanged ? [db.delete(sessions).where(eq(sessions.userId, user.id))] : []),
    versionStatement(db, account.email, account.version),
  ]);
  return 'updated';
}

/** The hotel's row of an account by e-mail (the handoff's and the index's reads). */
export async function localUser(db: Db, email: string): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/** Records that this hotel's row is the chain's `version` (the hotel the change came from). */
export async function recordVersion(db: Db, email: string, version: number): Promise<void> {
  await versionStatement(db, email, version);
}
