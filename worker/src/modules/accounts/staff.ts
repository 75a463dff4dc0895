import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CreateStaffInput, SessionUser, UpdateStaffInput } from '@shared/auth-schemas';
import { STAFF_ROLES } from '@shared/constants';
import { auditLog } from '../../platform/tables';
import { sessions, users } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';

/**
 * Staff accounts (admins only, modules/accounts/routes/admin/staff.ts): create with a role, change
 * the role, list, disable, enable, reset a password. Every write and its audit line are one batch;
 * disabling and a new password sign the account out everywhere in the same batch; a new role
 * reaches the account's sessions in the same write (the sessions' copy of the role follows the
 * user's row by trigger). An admin gives the roles housekeeper, staff and manager; admins are
 * made by ADMIN_EMAIL, not here.
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

/** The hotel's accounts (every role but guest), admins first, by name. */
export function listStaff(db: Db) {
  return db
    .select(staffColumns)
    .from(users)
    .where(ne(users.role, 'guest'))
    .orderBy(asc(users.role), asc(users.fullName));
}

/** A new staff account (verified; 409 if the e-mail is taken). */
export async function createStaff(
  db: Db,
  env: Pick<Env, 'PASSWORD_PEPPER'>,
  actor: SessionUser,
  { fullName, email, password, role = 'staff' }: CreateStaffInput,
) {
  await checkNewPassword(password, email);
  // The account and its audit line in one batch. The new hash (random salt) is this
  // request's own mark: the audit line is written only if this request made the row.
  const passwordHash = await hashPassword(password, env.PASSWORD_PEPPER);
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({ fullName, email, role, isVerified: true, passwordHash })
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

/**
 * Gives a hotel account another role (housekeeper, staff or manager). An admin's role is not
 * changed here (409 admin_role_fixed), nor a guest's (404). The role, the audit line and, by
 * trigger, the account's sessions change in one batch; the audit line is written only when this
 * request changed the row, so two identical requests leave one line.
 */
export async function changeStaffRole(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL'>,
  actor: SessionUser,
  id: number,
  { role }: UpdateStaffInput,
) {
  const target = await db.select(staffColumns).from(users).where(eq(users.id, id)).get();
  if (!target || target.role === 'guest') throw new ApiError(404, 'user_not_found');
  if (target.role === 'admin' || target.email === env.ADMIN_EMAIL.trim().toLowerCase())
    throw new ApiError(409, 'admin_role_fixed');
  if (target.role === role) return target;
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES]), ne(users.role, role)))
      .returning(staffColumns),
    insertWhere(
      db,
      auditLog,
      auditEntry(actor, 'staff.role', 'user', id, { role: target.role }, { role }),
      sql`changes() = 1`,
    ),
  ]);
  return updated[0] ?? { ...target, role };
}
