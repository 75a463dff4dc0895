/**
 * "Before → after" of an audit entry, compactly: only the fields the action
 * wrote, and of those only the ones that changed. Bookkeeping fields (ids,
 * timestamps, hashes) are left out; long values are shortened.
 */
export type AuditChange = { field: string; before: string | null; after: string | null };

export const NOISE = new Set(['id', 'createdAt', 'updatedAt', 'passwordHash']);
const MAX_VALUE = 48;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function shortValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  // Lists and records stay whole JSON: the screen puts them into words and shortens those.
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

export function auditChanges(before: unknown, after: unknown, max = 4): AuditChange[] {
  const changes: AuditChange[] = [];
  if (isRecord(after)) {
    const old = isRecord(before) ? before : {};
    for (const [field, value] of Object.entries(after)) {
      if (NOISE.has(field)) continue;
      if (JSON.stringify(old[field]) === JSON.stringify(value)) continue;
      changes.push({ field, before: shortValue(old[field]), after: shortValue(value) });
    }
  } else if (isRecord(before)) {
    // Deleted: what it was, in a few fields.
    for (const [field, value] of Object.entries(before)) {
      if (NOISE.has(field) || shortValue(value) === null) continue;
      changes.push({ field, before: shortValue(value), after: null });
    }
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    changes.push({ field: '', before: shortValue(before), after: shortValue(after) });
  }
  return changes.slice(0, max);
}
