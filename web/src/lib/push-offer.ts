import { useSyncExternalStore } from 'react';

/**
 * Whether the layout shows the guests' Web Push prompt (components/push/push-opt-in.tsx, a lazy
 * chunk). Only this flag lives in the landing page's first script; when to offer it is
 * lib/push-offer-rules.ts, loaded with the screens that offer it.
 */
let offered = false;
const listeners = new Set<() => void>();

export function setPushOptInOffered(value: boolean) {
  offered = value;
  listeners.forEach((listener) => listener());
}

export function usePushOptInOffered(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => false,
  );
}
