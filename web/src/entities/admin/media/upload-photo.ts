import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { avifField, variantField } from '@shared/media-schemas';
import { type api, ApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import type { EncodedPhoto } from './encode-photo';
import { adminMediaKeys } from './media-keys';
import type { PhotoOwner } from './get-photos';

type Uploaded = InferResponseType<typeof api.admin.media.$post, 201>;

const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST /api/admin/media?ownerKind=&ownerId= (staff): one photo, every width the device
 * encoded (and their AVIF copies when it made them), as multipart. The transport is XHR because fetch reports no upload progress
 * (docs/decisions/018: allowed for uploads, as the outbox does); the answer's type is the
 * typed client's.
 */
export function uploadPhoto({
  owner,
  photo,
  alt,
  onProgress,
}: {
  owner: PhotoOwner;
  photo: EncodedPhoto;
  alt: { altAr: string; altEn: string };
  onProgress: (fraction: number) => void;
}): Promise<Uploaded> {
  const body = new FormData();
  for (const v of photo.variants) body.set(variantField(v.width), v.blob, `${v.width}.${photo.extension}`);
  // The AVIF copies, when the device made them (browsers that show AVIF take these first).
  for (const v of photo.avif) body.set(avifField(v.width), v.blob, `${v.width}.avif`);
  if (photo.placeholder) body.set('placeholder', photo.placeholder);
  body.set('width', String(photo.width));
  body.set('height', String(photo.height));
  body.set('altAr', alt.altAr);
  body.set('altEn', alt.altEn);
  // The typed client's path (its $url needs an absolute base; the app's client is relative).
  const url = `/api/admin/media?${new URLSearchParams(owner).toString()}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText) as unknown;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as Uploaded);
      else reject(ApiRequestError.of(xhr.status, json));
    };
    const failed = () => reject(new Error('network'));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    xhr.send(body);
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMediaKeys.all }),
  });
}
