import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawnPartLive } from '@/lib/drawn-parts';
import { keepDrawnTaps } from './drawn-taps';
import { pluralOf } from './rooms-draw';

describe('the rooms drawn before the app: plural categories', () => {
  it('picks the category Lingui picks (Intl.PluralRules) for every count, in both languages', () => {
    for (const language of ['ar', 'en'] as const) {
      const rules = new Intl.PluralRules(language);
      for (let n = 0; n <= 1_000; n++)
        expect(pluralOf(n, language), `${language} ${n}`).toBe(rules.select(n));
    }
  });
});

describe('a tap on a part drawn before the app', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
    delete window.__drawnTaps;
    delete window.__drawnLive;
  });

  /** The header drawn from the last known account, and the app's own header beside it (not live yet). */
  function page() {
    document.body.innerHTML = `
      <div id="last-known-row"><button data-testid="my-bookings-button">My bookings</button>
        <a href="/points-store" data-testid="use-points-link">Use Points</a></div>
      <div id="rooms-drawn"><article data-testid="room-tier-gold"><button>Photos</button><button>Book Now</button></article></div>
      <div id="app"></div>`;
    const own = document.getElementById('app')!;
    own.innerHTML = `<button data-testid="my-bookings-button">My bookings</button>
      <article data-testid="room-tier-gold"><button>Photos</button><button>Book Now</button></article>`;
    const pressed: string[] = [];
    for (const button of own.querySelectorAll('button'))
      button.addEventListener('click', () => pressed.push(button.textContent!));
    return { pressed };
  }

  it('is kept and given to the app’s own control once the app has replaced the part, in both parts', () => {
    vi.useFakeTimers();
    const { pressed } = page();
    keepDrawnTaps();
    document.querySelector<HTMLElement>('#last-known-row button')!.click();
    document.querySelectorAll<HTMLElement>('#rooms-drawn button')[1]!.click();
    // Only the last tap is kept: the guest's latest intent.
    vi.advanceTimersByTime(1);
    expect(pressed).toEqual([]);
    document.getElementById('rooms-drawn')!.replaceChildren();
    drawnPartLive('rooms');
    vi.advanceTimersByTime(1);
    expect(pressed).toEqual(['Book Now']);
    // Once a part is the app's, a tap is given at once; a link is left to the browser.
    drawnPartLive('header');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="last-known-bar"><button data-testid="my-bookings-button">x</button></div>',
    );
    document.querySelector<HTMLElement>('#last-known-bar button')!.click();
    vi.advanceTimersByTime(1);
    expect(pressed).toEqual(['Book Now', 'My bookings']);
    const link = document.querySelector<HTMLAnchorElement>('[data-testid="use-points-link"]')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.addEventListener('click', (e) => e.preventDefault()); // (jsdom cannot navigate)
    link.dispatchEvent(event);
    expect(window.__drawnTaps?.keep(link)).toBe(false);
  });

  it('is kept by one keeper, whichever drawn part starts it; one started after the app made a part its own knows', () => {
    vi.useFakeTimers();
    const { pressed } = page();
    // The app's rooms replaced the drawn place before the rooms' cards script ran (it is fetched
    // once the largest paint is on screen): that script then draws nothing over the app's own.
    drawnPartLive('rooms');
    const taps = keepDrawnTaps();
    expect(taps.isLive('rooms')).toBe(true);
    expect(taps.isLive('header')).toBe(false);
    // The signed-in header's script started it first: the rooms' script gets the same keeper.
    expect(keepDrawnTaps()).toBe(taps);
    expect(window.__drawnTaps).toBe(taps);
    expect(taps.keep(document.querySelector('#last-known-row button')!)).toBe(true);
    drawnPartLive('header');
    vi.advanceTimersByTime(1);
    expect(pressed).toEqual(['My bookings']);
  });

  it('is dropped, and the boot’s “Loading…” taken away, when the app never replaces the part', () => {
    vi.useFakeTimers();
    const { pressed } = page();
    document.body.insertAdjacentHTML('beforeend', '<div id="boot-busy">Loading…</div>');
    keepDrawnTaps();
    expect(window.__drawnTaps?.keep(document.querySelector('#last-known-row button')!)).toBe(true);
    vi.advanceTimersByTime(16_000);
    expect(document.getElementById('boot-busy')).toBeNull();
    drawnPartLive('header');
    vi.advanceTimersByTime(1);
    expect(pressed).toEqual([]);
  });
});

declare global {
  interface Window {
    __drawnTaps?: import('@/lib/drawn-parts').DrawnTaps;
    __drawnLive?: import('@/lib/drawn-parts').DrawnPart[];
  }
}
