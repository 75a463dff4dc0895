import { FETCH_TIMEOUT_MS } from '@shared/start-constants';
import { initialLanguage } from '@/lib/initial-language';
import {
  type StartedRequests,
  TAKE_STARTED_REQUEST,
  type TakeStartedRequest,
  takerOf,
} from '@/lib/started-requests';

/**
 * The landing page's rooms before the app (docs/decisions/099-landing-first-second.md, its addendum):
 * the page's inline rooms script (app/rooms-draw-start.ts) waits for the page's largest paint (the
 * hero's photo) and then fetches the cards' script (app/rooms-cards-start.ts: the cards' template,
 * the rooms' requests and the cards' filling, a file of its own per language, so that the page's
 * HTML stays within a cold connection's first round trip), which asks for the rooms and tonight's
 * counts as the app's client would.
 */

/** The landing's rooms (GET /api/rooms) and tonight's counts (GET /api/room-inventory), as the app asks. */
const ROOMS_REQUESTS = ['/api/rooms', '/api/room-inventory'] as const;

/**
 * How long after the load event the rooms wait for the largest paint's report in a browser that
 * makes one (the hero not the largest after all, its photo failed): then they are asked for anyway.
 */
const LARGEST_PAINT_WAIT_MS = 500;

/**
 * Asks for the rooms and tonight's counts as the app's client would (cookies, its language, the
 * spec's 15 s), at a low priority, and leaves the answers for the app to take rather than ask again
 * (lib/started-requests.ts). Resolves to copies of their bodies (null: failed). Offline, or on a
 * page that is being replaced (app/landing-first.ts: another language), nothing.
 */
export function startRoomsRequests(): Promise<unknown[]> | undefined {
  if (navigator.onLine === false || document.documentElement.hidden) return undefined;
  const language = initialLanguage();
  const started: StartedRequests = { at: performance.now(), language, requests: {} };
  const bodies = ROOMS_REQUESTS.map((url) => {
    const answer = fetch(url, {
      credentials: 'include',
      headers: { 'Accept-Language': language },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      priority: 'low',
    });
    started.requests[new URL(url, location.href).href] = answer;
    // A copy read before the app reads the answer itself; a failure is no page error.
    return answer.then((res) => (res.ok ? (res.clone().json() as Promise<unknown>) : null)).catch(() => null);
  });
  (window as { [TAKE_STARTED_REQUEST]?: TakeStartedRequest })[TAKE_STARTED_REQUEST] = takerOf(started);
  return Promise.all(bodies);
}

/**
 * Once the page's largest paint, the hero's photo, is on screen (its `largest-contentful-paint`
 * entry): nothing the rooms need then shares the connection or the main thread with the first
 * screen, from the hero's arrival to its decoding and paint (Lighthouse's LCP budget, decision 012;
 * a request started before the largest paint also counts in Lighthouse's simulated one). In a
 * browser without that entry, a frame after the load event; without a hero, at once.
 */
export function afterLargestPaint(then: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    then();
  };
  const hero = document.querySelector('img[data-testid="landing-hero-image"]');
  if (!(hero instanceof HTMLImageElement)) return go();
  const reported = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  if (reported) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => (entry as { element?: Element | null }).element === hero))
        return;
      observer.disconnect();
      go();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const afterLoad = () => requestAnimationFrame(() => setTimeout(go, reported ? LARGEST_PAINT_WAIT_MS : 0));
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}

/**
 * After the largest paint, the cards' script (`cards`, its address), which asks for the rooms and
 * draws them unless the app has drawn its own by then (app/rooms-cards-start.ts).
 */
export function startRooms(cards: string | undefined): void {
  // An address that asks for something (a panel, the back office) starts the app at once and
  // covers the page: the cards would share its connections and main thread with what the guest
  // waits for, and the app asks for the rooms itself once it has taken the page over.
  if ([...new URLSearchParams(location.search).keys()].some((key) => key !== 'lang')) return;
  afterLargestPaint(() => {
    if (!cards || document.documentElement.hidden) return;
    const script = document.createElement('script');
    script.src = cards;
    document.body.append(script);
  });
}
