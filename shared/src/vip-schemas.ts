import { z } from './zod';
import { AUTH_RULES, VIP_CARD_TYPES } from './constants';
import { calendarDate } from './date-schemas';
import { toLatinDigits } from './digits';
import { phoneNumberSchema } from './schemas';
import { roomTypeCodeSchema } from './room-type-schemas';

/** Staff: a VIP card holder (admin spec "VIP Cards Management"). Messages are codes. */
const latin = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).trim() : v);

export const beneficiarySchema = z.object({
  fullName: z.preprocess(
    latin,
    z
      .string({ error: 'full_name_required' })
      .min(1, 'full_name_required')
      .min(AUTH_RULES.fullNameMin, 'name_min')
      .max(AUTH_RULES.fullNameMax, 'full_name_max'),
  ),
  phoneNumber: phoneNumberSchema,
  civilId: z.preprocess(
    latin,
    z.string({ error: 'civil_id_invalid' }).min(5, 'civil_id_invalid').max(20, 'civil_id_invalid'),
  ),
  cardType: z.enum(VIP_CARD_TYPES, { error: 'card_type_required' }),
  startDate: calendarDate('start_date_required'),
});
export type BeneficiaryInput = z.infer<typeof beneficiarySchema>;

/**
 * POST /api/vip-beneficiaries/:id/use: a coffee or a free night; a free night may name the room
 * type it is spent on (one of the hotel's that VIP cards may be used on: the type's `vipEligible`).
 */
export const vipUseSchema = z.object({
  kind: z.enum(['coffee', 'free_night'], { error: 'invalid_usage' }),
  roomType: roomTypeCodeSchema.optional(),
});
export type VipUse = z.infer<typeof vipUseSchema>;

/** One year of validity: the expiry is the same calendar day a year later. */
export function vipExpiry(startDate: string): string {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + 1, m - 1, d));
  return date.toISOString().slice(0, 10);
}
