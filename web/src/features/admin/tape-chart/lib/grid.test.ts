import { describe, expect, it } from 'vitest';
import type { ChartBlock, ChartRoom, ChartStay } from '../api/tape-chart';
import { freeRooms, rowCells } from './grid';

const days = ['2031-03-01', '2031-03-02', '2031-03-03', '2031-03-04', '2031-03-05'];
const stay = (over: Partial<ChartStay>): ChartStay => ({
  roomId: 1,
  bookingId: 1,
  reference: 'K7MQ4PX',
  guestName: 'Guest',
  status: 'approved',
  roomType: 'silver',
  checkInDate: '2031-03-02',
  checkOutDate: '2031-03-04',
  numberOfGuests: 2,
  firstNight: '2031-03-02',
  lastNight: '2031-03-03',
  checkedIn: false,
  checkedOut: false,
  ...over,
});
const block = (over: Partial<ChartBlock>): ChartBlock => ({
  roomId: 2,
  blockId: 9,
  reason: 'Leak',
  fromDate: '2031-03-04',
  toDate: '2031-03-06',
  firstNight: '2031-03-04',
  lastNight: '2031-03-05',
  ...over,
});
const room = (
  id: number,
  roomType: ChartRoom['roomType'] = 'silver',
  status: ChartRoom['status'] = 'clean',
) => ({ id, number: String(100 + id), roomType, floor: 1, status }) as ChartRoom;

describe('the tape chart grid', () => {
  it('lays a row out as empty nights and spans, each night once', () => {
    const cells = rowCells(days, [stay({})], [block({ roomId: 1 })]);
    expect(cells.map((c) => (c.kind === 'empty' ? c.night : `${c.kind}:${c.start}+${c.span}`))).toEqual([
      '2031-03-01',
      'stay:1+2',
      'block:3+2',
    ]);
  });

  it('lists the rooms of the type free on every night of the stay, not its own nor out of order', () => {
    const chart = {
      rooms: [room(1), room(2), room(3), room(4, 'silver', 'out_of_order'), room(5, 'gold')],
      stays: [
        stay({ bookingId: 7, roomId: 1 }),
        stay({ bookingId: 8, roomId: 3, firstNight: '2031-03-05', lastNight: '2031-03-05' }),
      ],
      blocks: [block({ roomId: 2, firstNight: '2031-03-03', lastNight: '2031-03-03' })],
    };
    const wanted = {
      bookingId: 7,
      roomType: 'silver',
      checkInDate: '2031-03-02',
      checkOutDate: '2031-03-04',
    };
    // Room 1 is its own, 2 blocked on the 3rd, 4 out of order, 5 gold: only 3 (taken later) is free.
    expect(freeRooms(chart, wanted, 1).map((r) => r.id)).toEqual([3]);
  });
});
