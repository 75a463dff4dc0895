import { EVENT_PRECEDENCE } from '@shared/gulf-calendar';
import { LUNAR_EVENT_KINDS, type EventKind } from '@shared/revenue';
import { dayOf } from './booking-curves';
import type { NightEvent } from './forecast-method';

/** An event as the forecast reads it: its kind and days (from the calendar's rows). */
export type CalendarDays = { kind: EventKind; from: string; to: string; confirmed: boolean };

/**
 * The calendar as the forecast asks it (docs/decisions/094): the event of a night (the one with
 * the strongest effect when several meet, as EVENT_PRECEDENCE orders them), and the same kind
 * of event a year before (about 354 days for a Hijri one, 365 for the others).
 */
export function calendarIndex(events: CalendarDays[]) {
  const rank = (kind: EventKind) => EVENT_PRECEDENCE.indexOf(kind);
  const byDay = new Map<number, NightEvent>();
  const starts = new Map<EventKind, { start: number; end: number }[]>();
  for (const e of events) {
    const start = dayOf(e.from);
    const end = dayOf(e.to);
    const lunar = LUNAR_EVENT_KINDS.includes(e.kind);
    const tag: NightEvent = { kind: e.kind, start, end, uncertain: lunar && !e.confirmed };
    for (let d = start; d <= end; d++) {
      const there = byDay.get(d);
      if (!there || rank(e.kind) < rank(there.kind)) byDay.set(d, tag);
    }
    starts.set(e.kind, [...(starts.get(e.kind) ?? []), { start, end }]);
  }
  return {
    eventOf: (day: number) => byDay.get(day) ?? null,
    lastYearEventOf: (kind: EventKind, start: number) => {
      const expected = start - (LUNAR_EVENT_KINDS.includes(kind) ? 354 : 365);
      let best: { start: number; end: number } | null = null;
      for (const e of starts.get(kind) ?? []) {
        if (Math.abs(e.start - expected) > 45) continue;
        if (!best || Math.abs(e.start - expected) < Math.abs(best.start - expected)) best = e;
      }
      return best;
    },
  };
}
