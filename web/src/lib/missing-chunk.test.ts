import { describe, expect, it } from 'vitest';
import { RELOADED_FOR, reloadForMissingChunk } from './missing-chunk';

function setup(online: boolean) {
  const stored = new Map<string, string>();
  const state = { online, reloads: 0 };
  const listener = reloadForMissingChunk({
    online: () => state.online,
    path: () => '/',
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => stored.set(key, value) },
    reload: () => (state.reloads += 1),
  });
  const fire = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    listener(event);
    return event.defaultPrevented;
  };
  return { state, stored, fire };
}

describe('a chunk that fails to load', () => {
  it('online (a deploy removed it): reloads once, and the chunks failing after it wait for the reload', () => {
    const { state, stored, fire } = setup(true);
    expect(fire()).toBe(true);
    expect(state.reloads).toBe(1);
    expect(stored.get(RELOADED_FOR)).toBe('/');
    expect(fire()).toBe(true);
    expect(state.reloads).toBe(1);
  });

  it('online again on the reloaded page: fails as it is, never a loop', () => {
    const { state, stored, fire } = setup(true);
    stored.set(RELOADED_FOR, '/');
    expect(fire()).toBe(false);
    expect(state.reloads).toBe(0);
  });

  it('offline: the page the guest is using stays, and the import fails (asked again later)', () => {
    const { state, stored, fire } = setup(false);
    expect(fire()).toBe(false);
    expect(fire()).toBe(false);
    expect(state.reloads).toBe(0);
    expect(stored.has(RELOADED_FOR)).toBe(false);
    // Back online, a chunk still missing is a deploy's: it reloads then.
    state.online = true;
    expect(fire()).toBe(true);
    expect(state.reloads).toBe(1);
  });
});
