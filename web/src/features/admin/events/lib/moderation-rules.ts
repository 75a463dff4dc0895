import type { SubmissionStatus } from '@shared/event-schemas';

/**
 * Pure rules of the event moderation screens (admin spec sections 4 and 9):
 * the counters, image file names and the paced "Download All". Kept free of
 * React so they are tested on their own.
 */

export type StatusCounts = { total: number; approved: number; pending: number; rejected: number };

/** The four counters of the photography and rating screens. */
export function countByStatus(entries: readonly { status: SubmissionStatus }[]): StatusCounts {
  const counts: StatusCounts = { total: entries.length, approved: 0, pending: 0, rejected: 0 };
  for (const entry of entries) counts[entry.status] += 1;
  return counts;
}

/** Location sharing: completed or pending, and the completed and pending counts. */
export function countCompleted(entries: readonly { isCompleted: boolean }[]) {
  const completed = entries.filter((e) => e.isCompleted).length;
  return { total: entries.length, completed, pending: entries.length - completed };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
};

/** "photography-12-2.jpg": the name a downloaded image gets when the server sends none. */
export function imageFileName(prefix: string, entryId: number, index: number, contentType?: string | null) {
  const ext = EXTENSIONS[(contentType ?? '').split(';')[0]!.trim().toLowerCase()] ?? 'jpg';
  return `${prefix}-${entryId}-${index + 1}.${ext}`;
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header, if any. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/**
 * Downloads the items one after another with `gapMs` between them (spec
 * section 9: 500 ms), so the browser does not drop any. Keeps going after a
 * failure and returns how many failed.
 */
export async function downloadInTurn<T>(
  items: readonly T[],
  download: (item: T, index: number) => Promise<void>,
  {
    gapMs,
    wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    onProgress,
  }: { gapMs: number; wait?: (ms: number) => Promise<void>; onProgress?: (done: number) => void },
): Promise<number> {
  let failed = 0;
  for (const [index, item] of items.entries()) {
    if (index > 0) await wait(gapMs);
    try {
      await download(item, index);
    } catch {
      failed += 1;
    }
    onProgress?.(index + 1);
  }
  return failed;
}
