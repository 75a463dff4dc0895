import { fetchTransport } from './transport-fetch';
import { retryAfterMs, type Transport, type TransportResponse } from './sender';

/**
 * The page's transport: uploads through XMLHttpRequest for upload progress
 * (fetch has none for request bodies); the create call is a plain fetch.
 */
const UPLOAD_TIMEOUT_MS = 120_000;

export const xhrTransport: Transport = {
  upload({ fileId, eventType, blob, type, language, onProgress }) {
    return new Promise<TransportResponse>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', `/api/event-uploads/${encodeURIComponent(fileId)}?eventType=${eventType}`);
      xhr.withCredentials = true;
      xhr.timeout = UPLOAD_TIMEOUT_MS;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Accept-Language', language);
      xhr.setRequestHeader('Content-Type', type);
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText) as unknown;
        } catch {
          body = null;
        }
        resolve({
          status: xhr.status,
          body,
          retryAfterMs: retryAfterMs(xhr.getResponseHeader('Retry-After')),
        });
      };
      const failed = () => reject(new Error('network'));
      xhr.onerror = failed;
      xhr.ontimeout = failed;
      xhr.onabort = failed;
      xhr.send(blob);
    });
  },
  create: (request) => fetchTransport.create(request),
};
