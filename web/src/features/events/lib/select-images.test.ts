import { describe, expect, it } from 'vitest';
import { addImages, imagesStillNeeded } from './select-images';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('addImages', () => {
  it('adds the chosen images to the earlier ones (selections accumulate)', () => {
    const first = addImages([], [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')]);
    expect(first).toEqual({ ok: true, files: [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')] });
    if (!first.ok) throw new Error('unreachable');
    const second = addImages(first.files, [file('c.webp', 'image/webp')]);
    expect(second.ok && second.files.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'c.webp']);
  });

  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(addImages([], [file('ok.jpg', 'image/jpeg', 5 * MB)]).ok).toBe(true);
    expect(addImages([], [file('big.jpg', 'image/jpeg', 5 * MB + 1)])).toEqual({
      ok: false,
      reason: 'too_large',
      fileName: 'big.jpg',
    });
  });

  it('refuses the WHOLE selection when one file is too large, keeping the earlier files', () => {
    const current = [file('kept.jpg', 'image/jpeg')];
    const result = addImages(current, [
      file('a.jpg', 'image/jpeg'),
      file('big.jpg', 'image/jpeg', 6 * MB),
      file('b.jpg', 'image/jpeg'),
    ]);
    expect(result).toEqual({ ok: false, reason: 'too_large', fileName: 'big.jpg' });
    expect(current).toHaveLength(1);
  });

  it('refuses the WHOLE selection when one file is not an image', () => {
    expect(addImages([], [file('a.jpg', 'image/jpeg'), file('notes.txt', 'text/plain')])).toEqual({
      ok: false,
      reason: 'not_image',
      fileName: 'notes.txt',
    });
    expect(addImages([], [file('nothing', '')])).toMatchObject({ ok: false, reason: 'not_image' });
    expect(addImages([], [file('logo.svg', 'image/svg+xml')])).toMatchObject({
      ok: false,
      reason: 'not_image',
    });
  });

  it('names the first failing file: an invalid type is reported before a size', () => {
    expect(
      addImages([], [file('page.html', 'text/html', 9 * MB), file('big.jpg', 'image/jpeg', 9 * MB)]),
    ).toMatchObject({ reason: 'not_image', fileName: 'page.html' });
  });

  it('refuses a selection that would pass the per-entry maximum (10)', () => {
    const nine = Array.from({ length: 9 }, (_, i) => file(`${i}.jpg`, 'image/jpeg'));
    expect(addImages(nine, [file('x.jpg', 'image/jpeg')]).ok).toBe(true);
    expect(addImages(nine, [file('x.jpg', 'image/jpeg'), file('y.jpg', 'image/jpeg')])).toEqual({
      ok: false,
      reason: 'too_many',
      max: 10,
    });
  });

  it('takes other limits', () => {
    expect(addImages([], [file('a.jpg', 'image/jpeg', 11)], { maxBytes: 10 }).ok).toBe(false);
    expect(addImages([file('a.jpg', 'image/jpeg')], [file('b.jpg', 'image/jpeg')], { maxFiles: 1 }).ok).toBe(
      false,
    );
  });
});

describe('imagesStillNeeded', () => {
  it('counts down to 0', () => {
    expect(imagesStillNeeded(0, 3)).toBe(3);
    expect(imagesStillNeeded(2, 3)).toBe(1);
    expect(imagesStillNeeded(3, 3)).toBe(0);
    expect(imagesStillNeeded(7, 3)).toBe(0);
  });
});
