import { z } from './zod';
import { emailSchema } from './email-schema';
import { AUTH_RULES, STAFF_ROLES, type UserRole } from './constants';
import { digitsOnly } from './digits';

/**
 * Account request bodies (guest spec section 5). The messages are codes the
 * worker translates (worker/src/platform/messages.ts) and the web app maps to
 * Lingui texts, so both sides say the same thing in both languages.
 */
const email = emailSchema;

export const registerSchema = z.object({
  fullName: z
    .string({ error: 'full_name_min' })
    .trim()
    .min(AUTH_RULES.fullNameMin, 'full_name_min')
    .max(AUTH_RULES.fullNameMax, 'full_name_max'),
  email,
  password: z
    .string({ error: 'password_min' })
    .min(AUTH_RULES.passwordMin, 'password_min')
    .max(AUTH_RULES.passwordMax, 'password_max'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The code input keeps digits only, Arabic-Indic digits included. */
export const verificationCodeSchema = z
  .string({ error: 'code_length' })
  .transform((v) => digitsOnly(v))
  .pipe(z.string().length(AUTH_RULES.codeLength, 'code_length'));

export const verifyEmailSchema = z.object({ email, verificationCode: verificationCodeSchema });
export const resendVerificationSchema = z.object({ email });

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'password_required' })
    .min(1, 'password_required')
    .max(AUTH_RULES.passwordMax, 'password_max'),
});

/** Staff and admin passwords: 12+ characters (the worker also refuses common ones and the e-mail). */
const staffPassword = z
  .string({ error: 'password_min_staff' })
  .min(AUTH_RULES.staffPasswordMin, 'password_min_staff')
  .max(AUTH_RULES.passwordMax, 'password_max');

/** A role an admin gives: housekeeper, staff (the front desk) or manager. */
const staffRole = z.enum(STAFF_ROLES, { error: 'staff_role_invalid' });

export const createStaffSchema = z.object({
  fullName: registerSchema.shape.fullName,
  email,
  password: staffPassword,
  role: staffRole.default('staff'),
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;
/** PATCH /api/admin/staff/:id: an admin changes a hotel account's role. */
export const updateStaffSchema = z.object({ role: staffRole });
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;
/** An admin sets a new password for a member of staff. */
export const resetPasswordSchema = z.object({ password: staffPassword });

/** "Forgot password?": the address to send a reset code to. */
export const forgotPasswordSchema = z.object({ email });
/** The code from the e-mail and the new password (the worker applies the full policy by role). */
export const resetWithCodeSchema = z.object({
  email,
  code: verificationCodeSchema,
  password: registerSchema.shape.password,
});

/** What GET /api/auth/me and a successful login answer about the user. */
export type SessionUser = {
  id: number;
  fullName: string;
  email: string;
  role: UserRole;
};
