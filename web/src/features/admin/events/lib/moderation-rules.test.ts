import { describe, expect, it, vi } from 'vitest';
import {
  countByStatus,
  countCompleted,
  downloadInTurn,
  fileNameFromDisposition,
  imageFileName,
} from './moderation-rules';

describe('counters', () => {
  it('counts total, approved, pending and rejected', () => {
    const statuses = ['pending', 'approved', 'rejected', 'pending'] as const;
    expect(countByStatus(statuses.map((status) => ({ status })))).toEqual({
      total: 4,
      approved: 1,
      pending: 2,
      rejected: 1,
    });
    expect(countByStatus([])).toEqual({ total: 0, approved: 0, pending: 0, rejected: 0 });
  });

  it('counts completed and pending location entries', () => {
    expect(countCompleted([{ isCompleted: true }, { isCompleted: false }, { isCompleted: true }])).toEqual({
      total: 3,
      completed: 2,
      pending: 1,
    });
  });
});

describe('image file names', () => {
  it('names a file from its entry, position and type', () => {
    expect(imageFileName('photography', 12, 0, 'image/jpeg')).toBe('photography-12-1.jpg');
    expect(imageFileName('google-review', 3, 2, 'image/png')).toBe('google-review-3-3.png');
    expect(imageFileName('photography', 1, 1, 'application/octet-stream')).toBe('photography-1-2.jpg');
  });

  it('reads the name the server sends', () => {
    expect(fileNameFromDisposition('attachment; filename="photography-12-1.jpg"')).toBe(
      'photography-12-1.jpg',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''photo%201.png")).toBe('photo 1.png');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('downloadInTurn (spec: 500 ms between downloads)', () => {
  it('waits the gap between files, not before the first, and counts failures', async () => {
    const events: string[] = [];
    const wait = vi.fn(async (ms: number) => {
      events.push(`wait ${ms}`);
    });
    const progress: number[] = [];
    const failed = await downloadInTurn(
      ['a', 'b', 'c'],
      async (item) => {
        events.push(item);
        if (item === 'b') throw new Error('network');
      },
      { gapMs: 500, wait, onProgress: (done) => progress.push(done) },
    );
    expect(events).toEqual(['a', 'wait 500', 'b', 'wait 500', 'c']);
    expect(failed).toBe(1);
    expect(progress).toEqual([1, 2, 3]);
  });
});
