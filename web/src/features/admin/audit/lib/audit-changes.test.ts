import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('shows only the written fields that changed', () => {
    expect(
      auditChanges(
        { id: 3, roomType: 'gold', totalCount: 36, maxCapacity: 36, updatedAt: 1 },
        { totalCount: 35 },
      ),
    ).toEqual([{ field: 'totalCount', before: '36', after: '35' }]);
    expect(auditChanges({ status: 'pending' }, { status: 'cancelled', reason: 'Full' })).toEqual([
      { field: 'status', before: 'pending', after: 'cancelled' },
      { field: 'reason', before: null, after: 'Full' },
    ]);
  });

  it('a created record lists its fields, a deleted one what it was, without bookkeeping', () => {
    expect(auditChanges(null, { id: 9, email: 's@example.com', isDisabled: false })).toEqual([
      { field: 'email', before: null, after: 's@example.com' },
      { field: 'isDisabled', before: null, after: 'false' },
    ]);
    expect(auditChanges({ id: 1, fullName: 'Salim', extras: null }, null)).toEqual([
      { field: 'fullName', before: 'Salim', after: null },
    ]);
  });

  it('shortens long values and keeps at most four lines', () => {
    const [change] = auditChanges(null, { note: 'x'.repeat(100) });
    expect(change!.after!.length).toBe(48);
    const many = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, i]));
    expect(auditChanges(null, many)).toHaveLength(4);
  });
});
