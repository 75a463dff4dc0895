import { ApiError } from '../../platform/api-error';

/** The types a browser may show in the page (pictures, sound, video); anything else is a download. */
const INLINE_TYPES =
  /^(image\/(jpeg|png|webp|gif)|audio\/(ogg|mpeg|aac|mp4|amr|opus)|video\/(mp4|3gpp))(\s*;.*)?$/i;

/** A message's medium as kept: its R2 key, its type and the message's details (a file name). */
export type MediumRow = { key: string | null; type: string | null; details: string | null };

/**
 * A guest's medium (a WhatsApp picture, voice note, video, sticker or document, kept in R2), to
 * whoever the route let read its message (the staff inbox's route, the guest's own chat's), as a
 * byte range when asked (a player seeks; Safari plays nothing without it). Pictures, sound and
 * video are shown in the page; any other type is a download under its file name, never rendered
 * on our origin (platform/security-headers.ts gives it no rights at all). 404 when there is no
 * message or it has no medium.
 */
export async function mediumResponse(
  images: R2Bucket,
  row: MediumRow | undefined,
  range: string | undefined,
): Promise<Response> {
  if (!row?.key) throw new ApiError(404, 'media_not_found');
  const head = await images.head(row.key);
  if (!head) throw new ApiError(404, 'media_not_found');
  const size = head.size;
  const wanted = /^bytes=(\d*)-(\d*)$/.exec(range?.trim() ?? '');
  let offset = 0;
  let length = size;
  if (wanted && (wanted[1] || wanted[2])) {
    if (wanted[1]) {
      offset = Number(wanted[1]);
      const end = wanted[2] ? Math.min(Number(wanted[2]), size - 1) : size - 1;
      length = end - offset + 1;
    } else {
      length = Math.min(Number(wanted[2]), size);
      offset = size - length;
    }
    if (offset >= size || length <= 0) {
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
    }
  }
  const partial = offset !== 0 || length !== size;
  const object = await images.get(row.key, partial ? { range: { offset, length } } : undefined);
  if (!object) throw new ApiError(404, 'media_not_found');
  const type = row.type ?? head.httpMetadata?.contentType ?? 'application/octet-stream';
  const inline = INLINE_TYPES.test(type);
  let filename = 'attachment';
  try {
    const details = row.details ? (JSON.parse(row.details) as { filename?: unknown }) : {};
    if (typeof details.filename === 'string' && details.filename.trim()) filename = details.filename.trim();
  } catch {
    // A message's details that cannot be read name no file.
  }
  const headers = new Headers({
    'Content-Type': inline ? type : 'application/octet-stream',
    'Content-Length': String(length),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': inline
      ? 'inline'
      : `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
  });
  if (partial) headers.set('Content-Range', `bytes ${offset}-${offset + length - 1}/${size}`);
  return new Response((object as R2ObjectBody).body, { status: partial ? 206 : 200, headers });
}
