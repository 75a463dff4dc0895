import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CreateStaffInput, SessionUser } from '../../../../shared/src/auth-schemas';
import { auditLog } from '../../platform/tables';
import { sessions, users } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';

/**
 * Staff accounts (admins only, modules/accounts/routes/admin/staff.ts): create, list, disable, enable, reset a
 * password. Every write and its audit line are one batch; disabling and a new password sign
 * the account out everywhere in the same batch.
 */

async function checkNewPassword(password: string, email: string) {
  const problem = await passwordProblem(password, email, 'staff');
  if (problem) throw new ApiError(400, 'validation_failed', { password: problem });
}

const staffColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  isDisabled: users.isDisabled,
  createdAt: users.createdAt,
};

/** Staff and admin accounts, admins first, by name. */
export function listStaff(db: Db) {
  return db
    .select(staffColumns)
    .from(users)
    .where(inArray(users.role, ['staff', 'admin']))
    .orderBy(asc(users.role), asc(users.fullName));
}

/** A new staff account (verified; 409 if the e-mail is taken). */
export async function createStaff(
  db: Db,
  env: Pick<Env, 'PASSWORD_PEPPER'>,
  actor: SessionUser,
  { fullName, email, password }: CreateStaffInput,
) {
  await checkNewPassword(password, email);
  // The account and its audit line in one batch. The new hash (random salt) is this
  // request's own mark: the audit line is written only if this request made the row.
  const passwordHash = await hashPassword(password, env.PASSWORD_PEPPER);
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({ fullName, email, role: 'staff', isVerified: true, passwordHash })
      .onConflictDoNothing()
      .returning(staffColumns),
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(actor, 'staff.create', 'user', null, null, null),
        entityId: sql`cast(made.id as text)`,
        after: sql`json_object('id', made.id, 'fullName', made.full_name, 'email', made.email, 'role', made.role, 'isDisabled', json('false'))`,
      },
      sql`made.email = ${email} and made.password_hash = ${passwordHash}`,
      sql`${users} as made`,
    ),
  ]);
  const created = inserted[0];
  if (!created) throw new ApiError(409, 'email_taken');
  return created;
}

/** Disables a staff account (not one's own, nor ADMIN_EMAIL's) and ends its sessions. */
export async function disableStaff(db: Db, env: Pick<Env, 'ADMIN_EMAIL'>, actor: SessionUser, id: number) {
  const target = await db.select(staffColumns).from(users).where(eq(users.id, id)).get();
  if (!target || target.role === 'guest') throw new ApiError(404, 'user_not_found');
  if (target.id === actor.id || target.email === env.ADMIN_EMAIL.trim().toLowerCase()) {
    throw new ApiError(409, 'cannot_change_self');
  }
  // Disabled, audited and signed out everywhere in one batch.
  await db.batch([
    db.update(users).set({ isDisabled: true }).where(eq(users.id, id)),
    db
      .insert(auditLog)
      .values(auditEntry(actor, 'staff.disable', 'user', id, target, { ...target, isDisabled: true })),
    db.delete(sessions).where(eq(sessions.userId, id)),
  ]);
}

export async function enableStaff(db: Db, actor: SessionUser, id: number) {
  const target = await db.select(staffColumns).from(users).where(eq(users.id, id)).get();
  if (!target || target.role === 'guest') throw new ApiError(404, 'user_not_found');
  await db.batch([
    db.update(users).set({ isDisabled: false }).where(eq(users.id, id)),
    db
      .insert(auditLog)
      .values(auditEntry(actor, 'staff.enable', 'user', id, target, { ...target, isDisabled: false })),
  ]);
}

/** Sets a staff account's password (the staff policy) and ends its sessions. */
export async function resetStaffPassword(
  db: Db,
  env: Pick<Env, 'PASSWORD_PEPPER'>,
  actor: SessionUser,
  id: number,
  password: string,
) {
  const target = await db.select(staffColumns).from(users).where(eq(users.id, id)).get();
  if (!target || target.role === 'guest') throw new ApiError(404, 'user_not_found');
  await checkNewPassword(password, target.email);
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(password, env.PASSWORD_PEPPER) })
      .where(eq(users.id, id)),
    // Never the hash in the log: only that it changed.
    db
      .insert(auditLog)
      .values(auditEntry(actor, 'staff.reset_password', 'user', id, null, { passwordChanged: true })),
    // Signed out everywhere in the same batch as the new password.
    db.delete(sessions).where(eq(sessions.userId, id)),
  ]);
}
