import { describe, expect, it } from 'vitest';
import { landingAfterSignIn, roleAtLeast } from './roles';

describe('roleAtLeast', () => {
  it('ranks guest < staff < admin', () => {
    expect(roleAtLeast('admin', 'staff')).toBe(true);
    expect(roleAtLeast('admin', 'admin')).toBe(true);
    expect(roleAtLeast('staff', 'guest')).toBe(true);
    expect(roleAtLeast('staff', 'admin')).toBe(false);
    expect(roleAtLeast('guest', 'staff')).toBe(false);
  });
});

describe('the maintenance trade', () => {
  it('stands with a housekeeper for what is ranked, and its own guard is its own and a manager’s', () => {
    expect(roleAtLeast('maintenance', 'housekeeper')).toBe(true);
    expect(roleAtLeast('maintenance', 'staff')).toBe(false);
    expect(roleAtLeast('maintenance', 'maintenance')).toBe(true);
    expect(roleAtLeast('housekeeper', 'maintenance')).toBe(false);
    expect(roleAtLeast('staff', 'maintenance')).toBe(false);
    expect(roleAtLeast('manager', 'maintenance')).toBe(true);
    expect(roleAtLeast('admin', 'maintenance')).toBe(true);
    expect(roleAtLeast('guest', 'maintenance')).toBe(false);
    expect(roleAtLeast('maintenance', 'outlet')).toBe(true);
    expect(roleAtLeast('outlet', 'maintenance')).toBe(false);
  });
});

describe('the outlet role', () => {
  it('ranks outlet staff above a guest and below a housekeeper, so no desk or board is theirs', () => {
    expect(roleAtLeast('outlet', 'guest')).toBe(true);
    expect(roleAtLeast('outlet', 'housekeeper')).toBe(false);
    expect(roleAtLeast('outlet', 'staff')).toBe(false);
    expect(roleAtLeast('manager', 'outlet')).toBe(true);
    expect(roleAtLeast('guest', 'outlet')).toBe(false);
  });
});

describe('where an account lands after signing in', () => {
  it('a housekeeper on their own tasks of the day; each other role on its own screen', () => {
    expect(landingAfterSignIn('housekeeper')).toBe('/housekeeping/tasks');
    expect(landingAfterSignIn('maintenance')).toBe('/admin/work-orders');
    expect(landingAfterSignIn('outlet')).toBe('/outlet');
    expect(landingAfterSignIn('staff')).toBe('/admin');
    expect(landingAfterSignIn('manager')).toBe('/admin');
    expect(landingAfterSignIn('admin')).toBe('/admin-welcome');
    expect(landingAfterSignIn('guest')).toBe('/');
  });
});
