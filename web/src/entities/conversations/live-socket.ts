import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@shared/conversation-schemas';

/** Waits between reconnections: doubled each failure, at most half a minute. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** A ping now and then keeps proxies from closing an idle socket (the hub answers it asleep). */
const PING_MS = 25_000;
/** The hub's close of a socket whose session ended (modules/conversations/live.ts): not reopened. */
const SESSION_ENDED_CLOSE = 4401;

/**
 * The live inbox's socket (GET /api/live, docs/decisions/088-conversations.md): opened while
 * `enabled`, reconnected with a growing wait when it drops or the device comes back online (not
 * when the server closed it because its session ended). Each
 * event goes to `onEvent`; every (re)open calls `onOpen`, where the screen reads its data again
 * (what happened while the socket was down is never lost: the API has it).
 */
export function useLiveSocket({
  query,
  enabled,
  onEvent,
  onOpen,
}: {
  query: string;
  enabled: boolean;
  onEvent: (event: LiveEvent) => void;
  onOpen?: () => void;
}) {
  const handlers = useRef({ onEvent, onOpen });
  useEffect(() => {
    handlers.current = { onEvent, onOpen };
  });
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let retry = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const connect = () => {
      if (stopped) return;
      const url = new URL(`/api/live${query}`, location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(url);
      socket.addEventListener('open', () => {
        retry = FIRST_RETRY_MS;
        handlers.current.onOpen?.();
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), PING_MS);
      });
      socket.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' || e.data === 'pong') return;
        try {
          const event = JSON.parse(e.data) as LiveEvent | { type: 'hello' };
          if (event.type !== 'hello') handlers.current.onEvent(event);
        } catch {
          // Not an event.
        }
      });
      socket.addEventListener('close', (e) => {
        clearInterval(ping);
        // Signed out (here or elsewhere): the screen that needs the socket opens it again when
        // the guest or staff member signs in (its `query` or `enabled` changes).
        if (e.code === SESSION_ENDED_CLOSE) stopped = true;
        if (stopped) return;
        timer = setTimeout(connect, retry);
        retry = Math.min(retry * 2, MAX_RETRY_MS);
      });
    };
    const backOnline = () => {
      if (socket && socket.readyState !== WebSocket.CLOSED) return;
      clearTimeout(timer);
      retry = FIRST_RETRY_MS;
      connect();
    };
    connect();
    window.addEventListener('online', backOnline);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(ping);
      window.removeEventListener('online', backOnline);
      socket?.close();
    };
  }, [query, enabled]);
}
