import { env } from 'cloudflare:workers';
import { postBooking } from './builders';

/**
 * The booking tests' shared parts (booking-requests and booking-desk): the booking as they read
 * it, a request posted as it is (any answer, not only 201), and a night's allotment set by hand.
 */

/** A booking as the API answers it, with the fields these tests read. */
export type Booking = {
  id: number;
  status: string;
  totalPriceBaisa: number;
  userEmail: string | null;
  phoneNumber: string;
};

/** Posts `body` as a booking request, signed out or with `cookie`; answers the response. */
export const book = (body: Record<string, unknown>, cookie?: string, lang?: 'ar' | 'en') =>
  postBooking(body, { cookie, lang });

/** Sets `total_count` of the inventory rows of `table` that `where` picks. */
export async function setAllotment(table: string, where: string, value: number) {
  await env.DB.prepare(`update ${table} set total_count = ? where ${where}`).bind(value).run();
}
