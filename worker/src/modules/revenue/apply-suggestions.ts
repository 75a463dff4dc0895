import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { STANDARD_RATE_PLAN } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import {
  SUGGESTION_RULES,
  parseSuggestionId,
  type AutopilotRun,
  type ParsedSuggestionId,
  type Suggestion,
} from '@shared/revenue-prices';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { notifyStatements } from '../../platform/notify';
import { nightChangeStatements, type NightChange } from '../rates';
import { runBatch, type Statement } from './d1-batch';
import { limitOn } from './price-settings';
import { computeSuggestions, type SuggestionsData } from './suggestions';
import { revenueAutopilotRuns, revenueSettings, revenueState } from './tables';

/**
 * Approving suggestions, and the autopilot (docs/decisions/101, "Approval and the autopilot"). A
 * suggestion is written through the rates' door (`nightChangeStatements`: the rate calendar's rows
 * of the standard plan, its `rates.updated` audit line, the channel's outbox filled by the same
 * triggers as the rate calendar's edits), with the suggestion's record (`revenue_applied`: the base
 * it was computed on), in ONE batch per request. The suggestions are computed again as they stand:
 * an id still suggested is applied; an id whose value is already in place changes nothing (an
 * approval repeated); any other is out of date (409 `suggestion_stale`, its id named, nothing
 * applied).
 */

type Approved = { parsed: ParsedSuggestionId; suggestion: Suggestion };

/** The value a night holds now for a suggestion's kind (baisa, nights, or 0/1). */
function valueNow(data: SuggestionsData, p: ParsedSuggestionId): number | null {
  const night = data.calendar.get(`${p.date}|${p.roomType}`);
  if (!night) return null;
  if (p.kind === 'price') return night.priceBaisa;
  if (p.kind === 'min_stay') return night.restrictions.minStay ?? 1;
  return night.restrictions.closedToArrival ? 1 : 0;
}

/** Sorts ids into those to write and those already so; 409 with the out-of-date ones. */
function judge(data: SuggestionsData, parsed: ParsedSuggestionId[]) {
  const byId = new Map(data.suggestions.map((s) => [s.id, s]));
  const approved: Approved[] = [];
  const stale: string[] = [];
  let unchanged = 0;
  for (const p of parsed) {
    const suggestion = byId.get(p.id);
    if (suggestion) approved.push({ parsed: p, suggestion });
    else if (valueNow(data, p) === p.suggested) unchanged += 1;
    else stale.push(p.id);
  }
  if (stale.length) throw new ApiError(409, 'suggestion_stale', undefined, { suggestions: stale });
  return { approved, unchanged };
}

/** The statements that write the approved suggestions and their records (for one batch). */
function writeStatements(
  db: Db,
  data: SuggestionsData,
  approved: Approved[],
  by: { actor: SessionUser | null; source: 'manager' | 'autopilot'; closeDate?: string },
): Statement[] {
  const changes: NightChange[] = approved.map(({ parsed, suggestion }) => {
    const own = data.calendar.get(`${parsed.date}|${parsed.roomType}`)!.own;
    if (suggestion.kind === 'price')
      return {
        roomType: parsed.roomType,
        night: parsed.date,
        field: 'priceBaisa',
        before: own.priceBaisa,
        value: parsed.suggested,
      };
    if (suggestion.kind === 'min_stay')
      return {
        roomType: parsed.roomType,
        night: parsed.date,
        field: 'minStay',
        before: own.minStay,
        value: parsed.suggested,
      };
    return {
      roomType: parsed.roomType,
      night: parsed.date,
      field: 'closedToArrival',
      before: own.closedToArrival,
      value: parsed.suggested === 1,
    };
  });
  const records = JSON.stringify(
    approved.map(({ parsed }) => [
      parsed.date,
      parsed.roomType,
      parsed.kind,
      parsed.suggested,
      parsed.kind === 'price' ? (data.bases.get(parsed.id) ?? null) : null,
      parsed.id,
    ]),
  );
  const run = by.closeDate
    ? sql`(select id from revenue_autopilot_runs where close_date = ${by.closeDate})`
    : sql`null`;
  return [
    ...nightChangeStatements(db, by.actor, STANDARD_RATE_PLAN, changes, {
      source: by.source === 'autopilot' ? 'revenue.autopilot' : 'revenue.suggestions',
      suggestions: approved.map((a) => a.parsed.id),
    }),
    sql`insert into revenue_applied (night, room_type, kind, value, base_baisa, suggestion_id, source, run_id, applied_at)
      select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
        json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'),
        ${by.source}, ${run}, cast(unixepoch('subsec') * 1000 as integer)
      from json_each(${records}) where true
      on conflict (night, room_type, kind) do update set value = excluded.value, base_baisa = excluded.base_baisa,
        suggestion_id = excluded.suggestion_id, source = excluded.source, run_id = excluded.run_id,
        applied_at = excluded.applied_at`,
  ];
}

/**
 * POST /api/admin/revenue/suggestions/apply: the suggestions named, as they stand now (their nights'
 * window computed again), written in ONE batch. 400 for nights past or more than a year apart; 409
 * `suggestion_stale` when any is out of date (nothing applied).
 */
export async function applySuggestions(
  db: Db,
  actor: SessionUser,
  ids: string[],
  now = new Date(),
): Promise<{ applied: number; unchanged: number }> {
  const parsed = [...new Set(ids)].map((id) => parseSuggestionId(id)!);
  const dates = parsed.map((p) => p.date).sort();
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const today = hotelToday(now);
  if (from < today)
    throw new ApiError(409, 'suggestion_stale', undefined, {
      suggestions: parsed.filter((p) => p.date < today).map((p) => p.id),
    });
  if (addDays(from, SUGGESTION_RULES.maxNights - 1) < to)
    throw new ApiError(400, 'validation_failed', { ids: 'suggestions_too_long' });
  const data = await computeSuggestions(db, { from, to }, now);
  const { approved, unchanged } = judge(data, parsed);
  if (approved.length) await runBatch(db, writeStatements(db, data, approved, { actor, source: 'manager' }));
  return { applied: approved.length, unchanged };
}

/**
 * The autopilot (the minute cron, after the fold of each stored close: docs/decisions/101): once per
 * close, when the manager switched it on, the price suggestions of the next
 * SUGGESTION_RULES.defaultNights nights whose room type has a floor and a ceiling in force that night
 * are applied (the limits bound every suggestion; a room type without them is left to the manager;
 * restrictions are left to the manager too). The run's record (what it changed), the prices, their
 * records and the managers' e-mail are ONE batch; the run's close date is unique, so a close is
 * acted on once even by two crons at once.
 */
export async function runAutopilot(
  db: Db,
  now = new Date(),
): Promise<{ closeDate: string; changes: number } | null> {
  const [[state], [last], [settings]] = await db.batch([
    db.select({ through: revenueState.ownFoldedThrough }).from(revenueState).where(eq(revenueState.id, 1)),
    db
      .select({ closeDate: revenueAutopilotRuns.closeDate })
      .from(revenueAutopilotRuns)
      .orderBy(desc(revenueAutopilotRuns.closeDate))
      .limit(1),
    db
      .select({ autopilot: revenueSettings.autopilot })
      .from(revenueSettings)
      .where(eq(revenueSettings.id, 1)),
  ]);
  const closeDate = state?.through ?? null;
  if (!settings?.autopilot || !closeDate || (last && last.closeDate >= closeDate)) return null;
  const today = hotelToday(now);
  const data = await computeSuggestions(
    db,
    { from: today, to: addDays(today, SUGGESTION_RULES.defaultNights - 1) },
    now,
  );
  const approved: Approved[] = data.suggestions
    .filter((s) => s.kind === 'price' && limitOn(data.settings.limits, s.roomType, s.date) !== null)
    .map((s) => ({ parsed: parseSuggestionId(s.id)!, suggestion: s }));
  const changes: AutopilotRun['changes'] = approved.map(({ suggestion: s }) => ({
    date: s.date,
    roomType: s.roomType,
    kind: s.kind,
    fromBaisa: s.currentBaisa,
    toBaisa: s.suggestedBaisa,
  }));
  const statements: Statement[] = [db.insert(revenueAutopilotRuns).values({ closeDate, changes })];
  if (approved.length) {
    statements.push(
      ...writeStatements(db, data, approved, { actor: null, source: 'autopilot', closeDate }),
      // The outbox rows are drizzle's builders: each has its SQL (`toSQL`) for D1's own batch.
      ...(notifyStatements(db, {
        kind: 'revenue_autopilot_applied',
        where: eq(revenueAutopilotRuns.closeDate, closeDate),
      }) as unknown as Statement[]),
    );
  }
  await runBatch(db, statements);
  return { closeDate, changes: changes.length };
}

/**
 * The autopilot's runs an e-mail is about (modules/messaging's channel and delivery read them through
 * this door): by a condition over `revenue_autopilot_runs` (an event's `where`), or by ids.
 */
export function autopilotRunMessageRows(db: Db, match: SQL | number[]) {
  return db
    .select({
      id: revenueAutopilotRuns.id,
      closeDate: revenueAutopilotRuns.closeDate,
      changes: revenueAutopilotRuns.changes,
    })
    .from(revenueAutopilotRuns)
    .where(Array.isArray(match) ? inArray(revenueAutopilotRuns.id, match.length ? match : [-1]) : match);
}
