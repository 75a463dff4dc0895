import { imageSize } from 'image-size';
import wasmDataUrl from '@jsquash/avif/codec/enc/avif_enc.wasm?inline';
import { describe, expect, it } from 'vitest';
import { encodeAvifPixels } from './avif-pixels';

/** A soft two-colour gradient with a light disc, as the photo journey draws (e2e/media.spec.ts). */
function gradient(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const f = (x / width + y / height) / 2;
      const disc = (x - width * 0.7) ** 2 + (y - height * 0.35) ** 2 < (height * 0.15) ** 2;
      data[i] = disc ? 230 : 29 + f * 140;
      data[i + 1] = disc ? 240 : 92 + f * 123;
      data[i + 2] = disc ? 245 : 110 + f * 116;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

describe('encodeAvifPixels (decision 040)', () => {
  it('makes a real AVIF of the same size as the pixels, smaller than the raw image', async () => {
    // The library's own WASM (Node cannot fetch the file: URL the browser build asks for).
    const wasm = await WebAssembly.compile(await (await fetch(wasmDataUrl)).arrayBuffer());
    const avif = new Uint8Array(await encodeAvifPixels(gradient(480, 300), wasm));
    // ISO-BMFF: a file-type box whose major brand is avif (what the server's sniffing reads).
    expect(new TextDecoder().decode(avif.subarray(4, 12))).toBe('ftypavif');
    expect(imageSize(avif)).toMatchObject({ type: 'avif', width: 480, height: 300 });
    expect(avif.byteLength).toBeGreaterThan(100);
    expect(avif.byteLength).toBeLessThan(20_000);
    // A second image reuses the encoder.
    const small = new Uint8Array(await encodeAvifPixels(gradient(16, 10)));
    expect(imageSize(small)).toMatchObject({ width: 16, height: 10 });
  }, 30_000);
});
