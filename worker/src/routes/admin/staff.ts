import { asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParamSchema } from '../../../../shared/src/date-schemas';
import { createStaffSchema, resetPasswordSchema } from '../../../../shared/src/auth-schemas';
import { sessions, users } from '../../db/schema/users';
import type { AppEnv } from '../../env';
import { insertWhere } from '../../lib/atomic';
import { auditEntry } from '../../lib/audit';
import { requireRole } from '../../http/auth';
import { ApiError } from '../../lib/errors';
import { translate } from '../../lib/messages';
import { passwordProblem } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { validate } from '../../http/validation';
import { auditLog } from '../../db/schema/operations';

/** Admin: staff accounts (create, list, disable, enable, reset password). Every write is audited. */

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

export const staff = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => {
    const rows = await c
      .get('db')
      .select(staffColumns)
      .from(users)
      .where(inArray(users.role, ['staff', 'admin']))
      .orderBy(asc(users.role), asc(users.fullName));
    return c.json({ staff: rows });
  })
  .post('/', validate('json', createStaffSchema), async (c) => {
    const { fullName, email, password } = c.req.valid('json');
    const db = c.get('db');
    const actor = c.get('user');
    await checkNewPassword(password, email);
    // The account and its audit line in one batch. The new hash (random salt) is this
    // request's own mark: the audit line is written only if this request made the row.
    const passwordHash = await hashPassword(password, c.env.PASSWORD_PEPPER);
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
    return c.json({ message: translate('staff_created', c.get('language')), staff: created }, 201);
  })
  .post('/:id/disable', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const actor = c.get('user');
    const target = await db.select(staffColumns).from(users).where(eq(users.id, id)).get();
    if (!target || target.role === 'guest') throw new ApiError(404, 'user_not_found');
    if (target.id === actor.id || target.email === c.env.ADMIN_EMAIL.trim().toLowerCase()) {
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
    return c.json({ message: translate('staff_disabled', c.get('language')) });
  })
  .post('/:id/enable', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const actor = c.get('user');
    const target = await db.select(staffColumns).from(users).where(eq(users.id, id)).get();
    if (!target || target.role === 'guest') throw new ApiError(404, 'user_not_found');
    await db.batch([
      db.update(users).set({ isDisabled: false }).where(eq(users.id, id)),
      db
        .insert(auditLog)
        .values(auditEntry(actor, 'staff.enable', 'user', id, target, { ...target, isDisabled: false })),
    ]);
    return c.json({ message: translate('staff_enabled', c.get('language')) });
  })
  .post(
    '/:id/reset-password',
    validate('param', idParamSchema),
    validate('json', resetPasswordSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { password } = c.req.valid('json');
      const db = c.get('db');
      const actor = c.get('user');
      const target = await db.select(staffColumns).from(users).where(eq(users.id, id)).get();
      if (!target || target.role === 'guest') throw new ApiError(404, 'user_not_found');
      await checkNewPassword(password, target.email);
      await db.batch([
        db
          .update(users)
          .set({ passwordHash: await hashPassword(password, c.env.PASSWORD_PEPPER) })
          .where(eq(users.id, id)),
        // Never the hash in the log: only that it changed.
        db
          .insert(auditLog)
          .values(auditEntry(actor, 'staff.reset_password', 'user', id, null, { passwordChanged: true })),
        // Signed out everywhere in the same batch as the new password.
        db.delete(sessions).where(eq(sessions.userId, id)),
      ]);
      return c.json({ message: translate('password_reset', c.get('language')) });
    },
  );
