import { describe, expect, it } from 'vitest';
import { isLookingUp } from './use-current-user';

const user = { id: 1, fullName: 'Maryam', email: 'm@example.com', role: 'guest' as const };
const earlier = Date.now() - 60_000; // restored from an earlier visit
const now = Date.now() + 1_000; // answered on this page

const state = (over: Partial<Parameters<typeof isLookingUp>[0]>) => ({
  isPending: false,
  isFetching: false,
  isError: false,
  dataUpdatedAt: now,
  data: null,
  ...over,
});

describe('isLookingUp', () => {
  it('waits for the first lookup', () => {
    expect(isLookingUp(state({ isPending: true, data: undefined }))).toBe(true);
  });

  it('never takes a "signed out" restored from an earlier visit as the answer before asking again', () => {
    // The restored answer shows before the new lookup has started: not a reason to go to /login.
    expect(isLookingUp(state({ dataUpdatedAt: earlier }))).toBe(true);
    expect(isLookingUp(state({ dataUpdatedAt: earlier, isFetching: true }))).toBe(true);
  });

  it('believes "signed out" once asked on this page, or when asking failed (offline)', () => {
    expect(isLookingUp(state({}))).toBe(false);
    expect(isLookingUp(state({ dataUpdatedAt: earlier, isError: true }))).toBe(false);
  });

  it('shows a known user at once, even while asking again', () => {
    expect(isLookingUp(state({ data: user, dataUpdatedAt: earlier, isFetching: true }))).toBe(false);
  });
});
