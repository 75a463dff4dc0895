import { FETCH_TIMEOUT_MS } from '@shared/start-constants';
import { initialLanguage } from '@/lib/initial-language';
import {
  type StartedRequests,
  TAKE_STARTED_REQUEST,
  type TakeStartedRequest,
  takerOf,
} from '@/lib/started-requests';

/** Where the rooms cards script leaves startPanelRequests for the boot (a property of `window`). */
export const START_PANEL_REQUESTS = '__startPanelRequests';

/**
 * What the quick booking panel draws its rooms from beyond the landing's own data, as its code asks
 * for them once it has arrived (features/rooms/components/quick-booking-panel.tsx, prefetchPanelData):
 * tonight's beds and smoking counts, the hotel's types, and then the first type's numbered rooms.
 */
const QUICK_REQUESTS = ['/api/room-bed-inventory', '/api/room-smoking-inventory'] as const;
const ROOM_TYPES = '/api/room-types';
const roomList = (roomType: string) => `/api/room-list?${new URLSearchParams({ roomType })}`;

/** The data of the other panels that have any, asked for as their code asks for it. */
const PANEL_DATA: Record<string, readonly string[]> = {
  // features/services/api/get-services.ts: the nearby services, "Loading services…" until then.
  services: ['/api/services'],
  // entities/events/get-event-settings.ts: which draws take entries (every one shown until then).
  events: ['/api/event-settings'],
};

/** Set on `window`: the panels whose data is asked for (a second tap before the app asks nothing). */
export const PANEL_REQUESTS_ASKED = '__panelRequestsAsked';

/**
 * A card tapped before the app has started (the boot, web/build/prerender.ts): its panel's data
 * asked for at once, as the app's client would ask (cookies, its language, the spec's 15 s), and
 * left for the app to take rather than ask again (lib/started-requests.ts); the panel's code takes
 * half a second and more to arrive on a slower phone, and its data waited for it (decision 099).
 * The quick booking panel: its rooms' data; the nearby services: their list; the events: which
 * draws are open. Any other panel: nothing. Offline: nothing.
 */
export function startPanelRequests(panel: string): void {
  const page = window as { [PANEL_REQUESTS_ASKED]?: string[] };
  const asked = (page[PANEL_REQUESTS_ASKED] ??= []);
  if (asked.includes(panel) || (panel !== 'quick' && !PANEL_DATA[panel]) || navigator.onLine === false)
    return;
  asked.push(panel);
  const language = initialLanguage();
  const started: StartedRequests = { at: performance.now(), language, requests: {} };
  const ask = (url: string) => {
    const answer = fetch(url, {
      credentials: 'include',
      headers: { 'Accept-Language': language },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    started.requests[new URL(url, location.href).href] = answer;
    return answer;
  };
  if (panel === 'quick') {
    for (const url of QUICK_REQUESTS) void ask(url).catch(() => undefined);
    // The first type's rooms once the types are known (a failure: the app asks itself).
    ask(ROOM_TYPES)
      .then((res) => (res.ok ? (res.clone().json() as Promise<{ code?: unknown }[]>) : undefined))
      .then((types) => {
        const first = types?.[0]?.code;
        if (typeof first === 'string') void ask(roomList(first)).catch(() => undefined);
      })
      .catch(() => undefined);
  } else for (const url of PANEL_DATA[panel] ?? []) void ask(url).catch(() => undefined);
  // Beside the answers already left for the app (the rooms, app/rooms-requests.ts).
  const take = takerOf(started);
  const previous = (window as { [TAKE_STARTED_REQUEST]?: TakeStartedRequest })[TAKE_STARTED_REQUEST];
  (window as { [TAKE_STARTED_REQUEST]?: TakeStartedRequest })[TAKE_STARTED_REQUEST] = (input, init) =>
    take(input, init) ?? previous?.(input, init);
}
