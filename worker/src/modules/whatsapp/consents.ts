import { eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
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
  /** Changed only if this holds when the batch reaches it (the webhook request kept the STOP). */
  onlyIf?: SQL,
): BatchItem<'sqlite'> {
  const values = {
    phone: consent.phone,
    optedIn: consent.optedIn,
    source: consent.source,
    bookingId: consent.bookingId ?? null,
    userId: consent.userId ?? null,
    changedAt: consent.at,
  };
  const upsert = {
    target: whatsappConsents.phone,
    set: { ...values, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` },
  };
  if (onlyIf) return insertWhere(db, whatsappConsents, values, onlyIf).onConflictDoUpdate(upsert);
  return db.insert(whatsappConsents).values(values).onConflictDoUpdate(upsert);
}

/** Whether the phone has consented (a subquery for a statement). */
export function consentedSql(phone: SQL | string): SQL {
  return sql`exists (select 1 from whatsapp_consents wc where wc.phone = ${phone} and wc.opted_in = 1)`;
}

export async function consentOf(db: Db, phone: string) {
  const [row] = await db.select().from(whatsappConsents).where(eq(whatsappConsents.phone, phone)).limit(1);
  return row ?? null;
}
