import { eq, sql } from 'drizzle-orm';
import { addDays } from '@shared/dates';
import type { HistoryStatus } from '@shared/revenue';
import type { Db } from '../../platform/env';
import { booksOfLines, type Curve } from './booking-curves';
import { runBatch, type Statement } from './d1-batch';
import { revenueState } from './tables';

/**
 * The nights' books the forecast reads (docs/decisions/094, "The nights' books"): one row per
 * night and room type in revenue_nights, its booking curve and final from the imported history
 * (rebuilt here for the nights an import changed) and from the hotel's own books (own-books.ts).
 */

/** Nights' rows a statement writes at once (one JSON parameter). */
const ROWS_PER_STATEMENT = 500;

/**
 * Rebuilds the history's part of the nights `from`..`to` from the lines that meet them, in one
 * batch with `after` (the import's progress): the curves and finals of each night and type, the
 * types no line holds any more emptied, the rows left with nothing removed.
 */
export async function rebuildHistoryNights(db: Db, from: string, to: string, after: Statement[]) {
  const [state] = await db
    .select({ longest: revenueState.historyMaxNights })
    .from(revenueState)
    .where(eq(revenueState.id, 1));
  const earliest = addDays(from, -(state?.longest ?? 1));
  const lines = await db.all<{
    arrival: string;
    departure: string;
    bookedOn: string;
    cancelledOn: string | null;
    status: HistoryStatus;
    rooms: number;
    roomType: string;
  }>(
    sql`select arrival, departure, booked_on as bookedOn, cancelled_on as cancelledOn, status, rooms,
        room_type as roomType
      from revenue_history where arrival >= ${earliest} and arrival <= ${to} and departure > ${from}`,
  );
  const books = booksOfLines(lines, from, to);
  const rows: [string, string, string, number][] = [];
  for (const [night, types] of books) {
    for (const [type, b] of types) rows.push([night, type, JSON.stringify(b.curve), b.final]);
  }
  const statements: Statement[] = [
    sql`update revenue_nights set history = '[]', history_final = 0 where night >= ${from} and night <= ${to}`,
  ];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(
      sql`insert into revenue_nights (night, room_type, history, history_final)
          select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
          from json_each(${JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT))}) where true
          on conflict (night, room_type) do update set history = excluded.history, history_final = excluded.history_final`,
    );
  }
  statements.push(
    sql`delete from revenue_nights where night >= ${from} and night <= ${to}
      and history = '[]' and history_final = 0 and own = '[]' and own_final is null`,
    ...after,
  );
  await runBatch(db, statements);
}

/** A night and room type's books as stored: the history's and the hotel's own, each a curve and a final. */
export type StoredNight = {
  night: string;
  roomType: string;
  history: Curve;
  historyFinal: number;
  own: Curve;
  ownFinal: number | null;
};

/** The stored books of the nights `from`..`to`, along the primary key (a row per night and type). */
export async function storedNights(db: Db, from: string, to: string): Promise<StoredNight[]> {
  const rows = await db.all<{
    night: string;
    roomType: string;
    history: string;
    historyFinal: number;
    own: string;
    ownFinal: number | null;
  }>(
    sql`select night, room_type as roomType, history, history_final as historyFinal, own, own_final as ownFinal
      from revenue_nights where night >= ${from} and night <= ${to}`,
  );
  return rows.map((r) => ({
    night: r.night,
    roomType: r.roomType,
    history: JSON.parse(r.history) as Curve,
    historyFinal: Number(r.historyFinal),
    own: JSON.parse(r.own) as Curve,
    ownFinal: r.ownFinal === null ? null : Number(r.ownFinal),
  }));
}
