import { describe, expect, it } from 'vitest';
import { roleAtLeast } from './roles';

describe('roleAtLeast', () => {
  it('ranks guest < staff < admin', () => {
    expect(roleAtLeast('admin', 'staff')).toBe(true);
    expect(roleAtLeast('admin', 'admin')).toBe(true);
    expect(roleAtLeast('staff', 'guest')).toBe(true);
    expect(roleAtLeast('staff', 'admin')).toBe(false);
    expect(roleAtLeast('guest', 'staff')).toBe(false);
  });
});
