import { describe, expect, it } from 'vitest';
import { downscaleImage, fitWithin } from './downscale';

describe('fitWithin', () => {
  it('brings the longest side down to the limit, proportions kept', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1170, 2532, 2048)).toEqual({ width: 946, height: 2048 });
  });
  it('never enlarges', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});

describe('downscaleImage', () => {
  it('keeps the original when the platform cannot decode it (never throws)', async () => {
    const file = new Blob(['not an image'], { type: 'image/heic' });
    await expect(downscaleImage(file)).resolves.toBe(file);
  });
});
