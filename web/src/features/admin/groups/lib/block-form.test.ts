import { describe, expect, it } from 'vitest';
import { linesFromNights, unsoldLines, updateBody, type BlockForm } from './block-form';

const night = (date: string, roomType: string, held: number) => ({ date, roomType, held, pickedUp: 0 });

describe('a block read back as lines and sent again', () => {
  it('runs of nights holding the same count make one line each, per type', () => {
    const lines = linesFromNights([
      night('2026-12-10', 'gold', 6),
      night('2026-12-11', 'gold', 6),
      night('2026-12-12', 'gold', 4),
      night('2026-12-11', 'silver', 2),
      night('2026-12-13', 'silver', 2),
    ]).map(({ key: _key, ...line }) => line);
    expect(lines).toEqual([
      { roomType: 'gold', from: '2026-12-10', to: '2026-12-11', count: 6 },
      { roomType: 'gold', from: '2026-12-12', to: '2026-12-12', count: 4 },
      { roomType: 'silver', from: '2026-12-11', to: '2026-12-11', count: 2 },
      { roomType: 'silver', from: '2026-12-13', to: '2026-12-13', count: 2 },
    ]);
  });

  it('a night no line names any more is sent as 0 (freed); the plan is never sent', () => {
    const before = [
      night('2026-12-10', 'gold', 6),
      night('2026-12-11', 'gold', 6),
      night('2026-12-11', 'silver', 2),
    ];
    const form: BlockForm = {
      name: 'وفد',
      companyId: '',
      ratePlan: 'corporate',
      status: 'definite',
      releaseDate: '2026-12-01',
      billing: 'individual',
      rooms: [{ key: 'a', roomType: 'gold', from: '2026-12-10', to: '2026-12-10', count: 6 }],
    };
    expect(updateBody(form, before)).toEqual({
      name: 'وفد',
      companyId: null,
      status: 'definite',
      releaseDate: '2026-12-01',
      billing: 'individual',
      rooms: [
        { roomType: 'gold', from: '2026-12-10', to: '2026-12-10', count: 6 },
        { roomType: 'gold', from: '2026-12-11', to: '2026-12-11', count: 0 },
        { roomType: 'silver', from: '2026-12-11', to: '2026-12-11', count: 0 },
      ],
    });
  });
});

describe('lines of a type the plan does not sell', () => {
  const line = (roomType: string, count: number, from = '2026-12-10', to = '2026-12-11') => ({
    key: roomType + count,
    roomType,
    from,
    to,
    count,
  });
  it('are named when new or raised, as the server judges them; kept or freed lines pass', () => {
    const sold = ['gold'];
    expect(unsoldLines({ rooms: [line('gold', 2), line('silver', 1)] }, sold)).toEqual([1]);
    // A plan not known yet (or none chosen): nothing said.
    expect(unsoldLines({ rooms: [line('silver', 1)] }, undefined)).toEqual([]);
    const before = [night('2026-12-10', 'silver', 2), night('2026-12-11', 'silver', 2)];
    expect(unsoldLines({ rooms: [line('silver', 2)] }, sold, before)).toEqual([]);
    expect(unsoldLines({ rooms: [line('silver', 0)] }, sold, before)).toEqual([]);
    expect(unsoldLines({ rooms: [line('silver', 3)] }, sold, before)).toEqual([0]);
    expect(unsoldLines({ rooms: [line('silver', 2, '2026-12-10', '2026-12-12')] }, sold, before)).toEqual([
      0,
    ]);
  });
});
