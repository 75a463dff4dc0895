import { retryAfterMs, type Transport, type TransportResponse } from './sender';

/**
 * The sender's transport on `fetch`: used by the service worker (no upload
 * progress there). Same-origin calls carry the cookies and the Origin header.
 */
const UPLOAD_TIMEOUT_MS = 120_000;
const CREATE_TIMEOUT_MS = 30_000;

async function answer(res: Response): Promise<TransportResponse> {
  const body: unknown = await res.json().catch(() => null);
  return { status: res.status, body, retryAfterMs: retryAfterMs(res.headers.get('Retry-After')) };
}

export const fetchTransport: Transport = {
  async upload({ fileId, eventType, blob, type, language, onProgress }) {
    const res = await fetch(`/api/event-uploads/${encodeURIComponent(fileId)}?eventType=${eventType}`, {
      method: 'PUT',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Accept-Language': language, 'Content-Type': type },
      body: blob,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    if (res.ok) onProgress(blob.size);
    return answer(res);
  },
  async create({ path, body, idempotencyKey, language, deviceId, expectedUserId }) {
    const res = await fetch(path, {
      method: 'POST',
      // A booking made signed out is sent signed out, whoever has signed in since.
      credentials: expectedUserId === null ? 'omit' : 'include',
      headers: {
        Accept: 'application/json',
        'Accept-Language': language,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
        ...(deviceId && { 'X-Device-Id': deviceId }),
        ...(typeof expectedUserId === 'number' && { 'X-Expected-User-Id': String(expectedUserId) }),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CREATE_TIMEOUT_MS),
    });
    return answer(res);
  },
};
