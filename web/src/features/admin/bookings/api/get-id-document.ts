import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiRequestError } from '@/lib/api-client';

/**
 * GET /api/admin/booking-submissions/:id/id-document (staff): the ID photo a guest added with
 * their online check-in, as a Blob (sent with the staff session, never cached by the browser).
 */
export async function getIdDocument(bookingId: number): Promise<Blob> {
  const res = await api.admin['booking-submissions'][':id']['id-document'].$get({
    param: { id: String(bookingId) },
  });
  if (!res.ok) throw ApiRequestError.of(res.status, await res.json().catch(() => null));
  return res.blob();
}

/** The photo as an object URL while the dialog is open (revoked when it closes); not kept in the query cache. */
export function useIdDocumentUrl(bookingId: number) {
  const query = useQuery({
    queryKey: ['admin', 'bookings', 'id-document', bookingId] as const,
    queryFn: () => getIdDocument(bookingId),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return { ...query, url };
}
