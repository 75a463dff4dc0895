import moduleFactory, { type AVIFModule, type EncodeOptions } from '@jsquash/avif/codec/enc/avif_enc.js';
import { defaultOptions } from '@jsquash/avif/meta.js';
import { initEmscriptenModule } from '@jsquash/avif/utils.js';

/**
 * AVIF from RGBA pixels with @jsquash/avif (libaom in WebAssembly; Squoosh's build;
 * docs/decisions/040-avif-on-the-device.md). The single-threaded build only: the threaded one
 * needs SharedArrayBuffer, which pages that are not cross-origin isolated do not have, and
 * importing the package's `encode` would bundle both builds (3.5 MB of WASM each).
 */

/**
 * libaom's speed 8 and quality 60 (decision 040, measured on the 2-core machine under load):
 * a 1600 px photo in about a second where the library's default speed (6) takes three to ten;
 * about 60% of the WebP's bytes (quality 0.82) and, looked at side by side, the same picture.
 */
export const AVIF_OPTIONS = { speed: 8, quality: 60 } satisfies Partial<EncodeOptions>;

export type Pixels = { width: number; height: number; data: Uint8ClampedArray<ArrayBuffer> };

/** One message to the worker and its answer (avif-encoder.worker.ts); no pixels: load the encoder only. */
export type AvifRequest = { id: number; width?: number; height?: number; pixels?: ArrayBuffer };
export type AvifReply = { id: number; avif?: ArrayBuffer; error?: string };

let encoder: Promise<AVIFModule> | undefined;

/**
 * The encoder, made once: its WASM fetched beside the script in a browser, or `wasm` when given
 * (Node, which cannot fetch a file: URL; the unit test).
 */
export function loadAvifEncoder(wasm?: WebAssembly.Module): Promise<AVIFModule> {
  encoder ??= initEmscriptenModule(moduleFactory, wasm);
  return encoder;
}

/** The image as AVIF. */
export async function encodeAvifPixels(image: Pixels, wasm?: WebAssembly.Module): Promise<ArrayBuffer> {
  const module = await loadAvifEncoder(wasm);
  const out = module.encode(image.data, image.width, image.height, { ...defaultOptions, ...AVIF_OPTIONS });
  if (!out) throw new Error('avif_encode_failed');
  // A copy the size of the file (the module's answer may be a view of its own memory).
  return out.slice().buffer;
}
