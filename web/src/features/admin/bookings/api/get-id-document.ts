import { useCallback, useEffect, useState } from 'react';
import { api, ApiRequestError } from '@/lib/api-client';

/**
 * GET /api/admin/booking-submissions/:id/id-document (staff): the ID photo a guest added with
 * their online check-in, as a Blob (sent with the staff session, never cached by the browser).
 */
export async function getIdDocument(bookingId: number, signal?: AbortSignal): Promise<Blob> {
  const res = await api.admin['booking-submissions'][':id']['id-document'].$get(
    { param: { id: String(bookingId) } },
    signal ? { init: { signal } } : undefined,
  );
  if (!res.ok) throw ApiRequestError.of(res.status, await res.json().catch(() => null));
  return res.blob();
}

/**
 * The photo as an object URL while the dialog is open, revoked when it closes. Not a TanStack
 * query on purpose: the query cache is persisted in IndexedDB (lib/query-client.ts), and an ID
 * photo must not be kept on the desk's tablet.
 */
export function useIdDocumentUrl(bookingId: number) {
  const [state, setState] = useState<{ url: string | null; error: unknown }>({ url: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    getIdDocument(bookingId, controller.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setState({ url: made, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ url: null, error });
      },
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [bookingId, attempt]);
  const retry = useCallback(() => {
    setState({ url: null, error: null });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, isError: state.error !== null, retry };
}
