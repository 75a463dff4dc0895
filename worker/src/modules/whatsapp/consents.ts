import { eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../platform/env';
import { whatsappConsents } from './tables';

/**
 * A phone's consent to the hotel's WhatsApp messages: given with a booking (`whatsappOptIn`) or in
 * the guest's profile, withdrawn by "STOP" / "إيقاف" or the profile's toggle; the latest word counts,
 * kept with its time and source.
 */
export function consentStatement(
  db: Db,
  consent: {
    phone: string;
    optedIn: boolean;
    source: 'booking' | 'profile' | 'stop';
    bookingId?: number | null;
    userId?: number | null;
    at: Date;
  },
): BatchItem<'sqlite'> {
  const values = {
    phone: consent.phone,
    optedIn: consent.optedIn,
    source: consent.source,
    bookingId: consent.bookingId ?? null,
    userId: consent.userId ?? null,
    changedAt: consent.at,
  };
  return db
    .insert(whatsappConsents)
    .values(values)
    .onConflictDoUpdate({
      target: whatsappConsents.phone,
      set: { ...values, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` },
    });
}

/** Whether the phone has consented (a subquery for a statement). */
export function consentedSql(phone: SQL | string): SQL {
  return sql`exists (select 1 from whatsapp_consents wc where wc.phone = ${phone} and wc.opted_in = 1)`;
}

export async function consentOf(db: Db, phone: string) {
  const [row] = await db.select().from(whatsappConsents).where(eq(whatsappConsents.phone, phone)).limit(1);
  return row ?? null;
}
