import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A worker module is used only through its index.ts: the channel module reads and changes
// bookings through what modules/bookings/index.ts offers (commitChannelRevision, channelBookingsOf,
// the channel stay port, bookingReferenceSql...), never by naming the bookings module's tables in SQL of its own.
const root = fileURLToPath(new URL('../../worker/src/modules/channel/', import.meta.url));
const BOOKINGS_TABLES = /\b(booking_submissions|booking_nights|room_nights)\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) return sources(`${path}/`);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the channel module and the bookings tables', () => {
  it('names none of them in its SQL', () => {
    const found = sources(root).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (BOOKINGS_TABLES.test(line) ? [`${path.slice(root.length)}:${i + 1}`] : [])),
    );
    expect(sources(root).length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });
});
