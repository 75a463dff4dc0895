import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { guestDataPart, type DataSubject } from '../../platform/guest-data';
import { chainAccountVersions, chainOutbox } from './tables';

/**
 * The chain's part of a guest's data at a hotel (platform/guest-data.ts; docs/decisions/103,
 * "Erasure"): the version of the chain's account this hotel's mirror was written from (nothing to
 * export: a number, the account itself is the accounts' part). To erase, the version goes and the
 * erasure is written to the chain's outbox in the erasure's own batch, so the chain's account and
 * its mirrors at the other hotels go too, whenever the push runs (at once, or by the minute cron).
 */
export function chainGuestData(db: Db, subject: DataSubject) {
  return guestDataPart([], () => ({}), {
    statements: (guard) => [
      db.delete(chainAccountVersions).where(and(eq(chainAccountVersions.email, subject.email), guard)),
      insertWhere(db, chainOutbox, { kind: 'erased', ref: subject.email }, guard),
    ],
  });
}
