import type { AvailabilityValue, PushReceipt, PushWarning, RestrictionValue } from '../channel-adapter';
import { ChannelProviderError } from '../channel-adapter';
import { isObject, type ChannexApi } from './api';
import { baisaToRials } from './revisions';

/**
 * Channex's ARI pushes (docs.channex.io, "Availability and Rates"): `POST /availability` and
 * `POST /restrictions` with `{values: [...]}`, each value one night (`date`) or a range
 * (`date_from`..`date_to`, both included) of the property. A restriction value names its rate
 * plan only (`room_type_id` is not one of its documented fields: a rate plan belongs to one room
 * type). Channex answers 200 `{data: [{id, type: 'task'}], meta: {message, warnings}}`, where each
 * warning echoes a value it ignored with `warning: {field: [words]}`; the other values are taken.
 */

/** Channex takes up to 10 MB a call (its "Rate limits" page); counted as 10,000,000 bytes. */
export const CHANNEX_MAX_CALL_BYTES = 10_000_000;

/** `{"values":[` and `]}` around the values. */
const BODY_BYTES = '{"values":[]}'.length;

const encoder = new TextEncoder();

/** One night as `date`, a longer range as `date_from`/`date_to`. */
const span = (v: { dateFrom: string; dateTo: string }) =>
  v.dateFrom === v.dateTo ? { date: v.dateFrom } : { date_from: v.dateFrom, date_to: v.dateTo };

export function availabilityWire(propertyId: string, v: AvailabilityValue) {
  return {
    property_id: propertyId,
    room_type_id: v.roomTypeId,
    ...span(v),
    availability: Math.max(0, Math.floor(v.availability)),
  };
}

/** The documented fields only: the rate as a decimal string (`"52.000"`), min stay on arrival. */
export function restrictionWire(propertyId: string, v: RestrictionValue) {
  return {
    property_id: propertyId,
    rate_plan_id: v.ratePlanId,
    ...span(v),
    ...(v.rateBaisa !== undefined && { rate: baisaToRials(v.rateBaisa) }),
    ...(v.minStay !== undefined && { min_stay_arrival: v.minStay }),
    ...(v.maxStay !== undefined && { max_stay: v.maxStay }),
    ...(v.stopSell !== undefined && { stop_sell: v.stopSell }),
    ...(v.closedToArrival !== undefined && { closed_to_arrival: v.closedToArrival }),
    ...(v.closedToDeparture !== undefined && { closed_to_departure: v.closedToDeparture }),
  };
}

/** A value's bytes in the body, its comma included (the body's own bytes are counted once, here too). */
export function wireBytes(wire: object): number {
  return encoder.encode(JSON.stringify(wire)).length + 1;
}

/** The room the body's own brackets take, so that values' bytes alone stay within the limit. */
export const maxValueBytes = (limit: number) => limit - BODY_BYTES;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Channex's warning (the value it ignored, echoed, and `warning: {field: [words]}`) in the app's words. */
export function readWarning(item: unknown): PushWarning {
  if (!isObject(item)) return { reasons: { value: [String(item).slice(0, 200)] } };
  const reasons: Record<string, string[]> = {};
  if (isObject(item.warning)) {
    for (const [field, words] of Object.entries(item.warning)) {
      const list = (Array.isArray(words) ? words : [words]).map((w) => String(w).slice(0, 200));
      reasons[field.slice(0, 60)] = list.slice(0, 5);
    }
  } else if (item.warning !== undefined) {
    reasons.value = [String(item.warning).slice(0, 200)];
  }
  const date = text(item.date);
  return {
    ...(text(item.room_type_id) && { roomTypeId: text(item.room_type_id) }),
    ...(text(item.rate_plan_id) && { ratePlanId: text(item.rate_plan_id) }),
    ...((date ?? text(item.date_from)) && { dateFrom: date ?? text(item.date_from) }),
    ...((date ?? text(item.date_to)) && { dateTo: date ?? text(item.date_to) }),
    reasons,
  };
}

/** Channex's answer to a push read into a receipt: its task ids and warnings. */
export function readReceipt(answer: unknown, requestId: string | null): PushReceipt {
  if (!isObject(answer)) throw new ChannelProviderError('Channex answered an unreadable push receipt');
  const taskIds = (Array.isArray(answer.data) ? answer.data : [])
    .filter((d) => isObject(d) && d.type === 'task' && text(d.id))
    .map((d) => String((d as { id: string }).id).slice(0, 100));
  const meta = isObject(answer.meta) ? answer.meta : {};
  const warnings = Array.isArray(meta.warnings) ? meta.warnings.map(readWarning) : [];
  return { requestId, taskIds, warnings };
}

/** One push: the body as JSON, Channex's receipt. */
export async function push(api: ChannexApi, path: '/availability' | '/restrictions', values: object[]) {
  const { answer, requestId } = await api.send('POST', path, JSON.stringify({ values }));
  return readReceipt(answer, requestId);
}
