import { api, ApiRequestError } from '@/lib/api-client';
import { fileNameFromDisposition } from '../lib/moderation-rules';

/** A 5 MB image on the hotel's Wi-Fi can take longer than the API's usual 15 s. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * GET /api/event-images/:imageId?download=1 (staff): the image as an
 * attachment, with the file name the server gives it (if any).
 */
export async function downloadEventImage(imageId: string) {
  const res = await api['event-images'][':imageId'].$get(
    { param: { imageId }, query: { download: '1' } },
    { init: { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) } },
  );
  if (!res.ok) throw ApiRequestError.of(res.status, null);
  return {
    blob: await res.blob(),
    fileName: fileNameFromDisposition(res.headers.get('Content-Disposition')),
  };
}
