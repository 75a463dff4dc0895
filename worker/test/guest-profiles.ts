import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { staffCookie } from './builders';
import { call } from './helpers';

/**
 * The guest-profile tests' shared parts (guest-profiles-staff and guest-details): a profile as the
 * API answers it, the profile a booking joined, and the staff's profile API (by the seeded front
 * desk unless another cookie is given; '' calls signed out).
 */

export type Profile = {
  id: number;
  fullName: string;
  phone: string;
  nationality: string | null;
  documentNumber: string | null;
  vip: boolean;
  doNotRent: boolean;
  notes: string | null;
  stays?: number;
};

/** The id of the profile booking `bookingId` joined; fails the test if none. */
export async function profileIdOf(bookingId: number): Promise<number> {
  const row = await env.DB.prepare('select profile_id from booking_submissions where id = ?')
    .bind(bookingId)
    .first<{ profile_id: number | null }>();
  expect(row?.profile_id).toBeTruthy();
  return row!.profile_id!;
}

export const getGuest = async (id: number, cookie?: string) =>
  call(`/api/admin/guests/${id}`, { cookie: cookie ?? (await staffCookie()) });
export const patchGuest = async (id: number, body: unknown, cookie?: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/guests/${id}`, {
    method: 'PATCH',
    cookie: cookie ?? (await staffCookie()),
    json: body,
    lang,
  });
export const search = async (q: string, cookie?: string) =>
  call(`/api/admin/guests?q=${encodeURIComponent(q)}`, { cookie: cookie ?? (await staffCookie()) });
