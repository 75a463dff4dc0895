import { Trans, useLingui } from '@lingui/react/macro';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { formatOmr } from '@shared/money';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatPrice } from '@/lib/format';
import type { RateCalendarNight } from '../api/rates';
import { isWeekend, nightHeading } from '../lib/calendar';
import { type Mark, restrictionMarks, sourceText } from '../lib/night-words';

const markClass: Record<Mark['kind'], string> = {
  closed: 'bg-red-700 text-white',
  min: 'text-slate-900',
  max: 'text-slate-900',
  arrival: 'text-amber-900',
  departure: 'text-amber-900',
};

/**
 * The rate calendar's grid: a table, a row per room type the plan sells, a column per night (the
 * first at the start: the right in Arabic). Each cell: the night's price in rials for the guests
 * the room type includes in it (the
 * plan's own bold on teal, inherited plain) and its restrictions as short words; its accessible
 * name says it all in a sentence. Fridays and Saturdays are shaded. With `onOpen` (managers), a
 * cell is a button that opens the night. Scrolls sideways inside itself when the nights are more
 * than the screen holds.
 */
export function RateGrid({
  nights,
  rows,
  roomTypes,
  busy,
  onOpen,
}: {
  nights: string[];
  rows: RateCalendarNight[];
  roomTypes: readonly RoomTypeCode[];
  busy: boolean;
  onOpen?: (night: RateCalendarNight) => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const byKey = new Map(rows.map((row) => [`${row.roomType}|${row.night}`, row]));
  const headings = nights.map((night) => nightHeading(night, language));
  return (
    // A region the keyboard can reach and scroll sideways (a phone shows a few nights at a time).
    <div
      role="region"
      aria-label={t`Prices and restrictions by night`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-sand-200 bg-white outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700"
      aria-busy={busy}
      data-testid="rate-grid-scroll"
    >
      <table
        className="w-full table-fixed border-collapse text-sm"
        style={{ minWidth: `${5 + nights.length * 2.875}rem` }}
        data-testid="rate-grid"
      >
        <caption className="sr-only">
          <Trans>
            Prices in rials for the guests each room type includes, and restrictions, by room type and night.
          </Trans>
        </caption>
        <colgroup>
          <col style={{ width: '5rem' }} />
          {nights.map((night) => (
            <col key={night} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky start-0 z-10 border-b border-sand-200 bg-white px-1.5 py-2 text-start text-sm leading-tight"
            >
              <Trans>Room type</Trans>
            </th>
            {nights.map((night, i) => {
              const heading = headings[i]!;
              const weekend = isWeekend(night);
              return (
                <th
                  key={night}
                  scope="col"
                  abbr={heading.long}
                  data-night={night}
                  className={`border-b border-s border-sand-200 px-0.5 py-1 text-center font-normal text-slate-800 ${
                    weekend ? 'bg-sand-100' : ''
                  }`}
                >
                  <span className="block truncate text-xs">{heading.weekday}</span>
                  <span className="block font-bold text-slate-900">{heading.day}</span>
                  {i === 0 || heading.day === formatCount(1, language) ? (
                    <span className="block truncate text-xs">{heading.month}</span>
                  ) : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {roomTypes.map((type) => {
            const room = roomName(type);
            return (
              <tr key={type} data-testid={`rate-row-${type}`}>
                <th
                  scope="row"
                  className="sticky start-0 z-10 border-b border-sand-200 bg-white px-1.5 py-2 text-start text-sm leading-tight font-bold text-teal-900"
                >
                  {room}
                </th>
                {nights.map((night, i) => {
                  const row = byKey.get(`${type}|${night}`);
                  return (
                    <td
                      key={night}
                      className={`h-16 border-b border-s border-sand-200 p-0 align-top ${
                        isWeekend(night) ? 'bg-sand-100' : ''
                      }`}
                    >
                      {row ? <Cell row={row} room={room} date={headings[i]!.long} onOpen={onOpen} /> : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Cell({
  row,
  room,
  date,
  onOpen,
}: {
  row: RateCalendarNight;
  room: string;
  date: string;
  onOpen?: (night: RateCalendarNight) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const own = row.priceSource === 'own';
  const marks = restrictionMarks(row.restrictions, language);
  const price = formatPrice(row.priceBaisa, language);
  const source = sourceText(row.priceSource);
  const restrictions = marks.map((m) => m.long).join(language === 'ar' ? '، ' : ', ');
  const label = restrictions
    ? t`${room}, ${date}: ${price}, ${source}; ${restrictions}`
    : t`${room}, ${date}: ${price}, ${source}`;
  const look = `flex h-full min-h-16 w-full flex-col items-center justify-start gap-0.5 px-0.5 py-1 text-center ${
    own ? 'border-s-4 border-teal-700 bg-teal-50' : ''
  } ${row.restrictions.closed ? 'bg-red-50' : ''}`;
  const content = (
    <>
      <span
        className={`block w-full truncate text-[0.8125rem] tabular-nums ${own ? 'font-bold text-teal-950' : 'text-slate-700'}`}
        data-testid="rate-price"
      >
        {formatOmr(row.priceBaisa, language)}
      </span>
      {marks.map((mark) => (
        <span
          key={mark.kind}
          className={`block max-w-full truncate rounded px-0.5 text-[0.65rem] leading-tight font-semibold ${markClass[mark.kind]}`}
          data-testid={`rate-mark-${mark.kind}`}
        >
          {mark.short}
        </span>
      ))}
    </>
  );
  if (!onOpen) {
    return (
      <div className={look} data-testid="rate-cell" data-night={row.night}>
        <span className="sr-only">{label}</span>
        <span aria-hidden="true" className="contents">
          {content}
        </span>
      </div>
    );
  }
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => onOpen(row)}
      data-testid="rate-cell"
      data-night={row.night}
      className={`${look} cursor-pointer outline-none hover:bg-gold-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-gold-700`}
    >
      {content}
    </button>
  );
}
