/**
 * Image files whose headers say a chosen width and height, made byte by byte for the upload
 * tests (the server reads the dimensions from the header; the pixels after it are filler).
 */

const ascii = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

function u32be(n: number) {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

/** Pads to `size` bytes with a repeating pattern (a file of that size). */
function padded(head: Uint8Array, size: number): Uint8Array {
  if (size <= head.byteLength) return head;
  const out = new Uint8Array(size);
  out.set(head);
  for (let i = head.byteLength; i < size; i++) out[i] = i % 251;
  return out;
}

/** A PNG signature and an IHDR chunk for width x height (8-bit truecolour), then filler. */
export function pngBytes(width: number, height: number, size = 0): Uint8Array {
  const ihdr = concat(u32be(width), u32be(height), new Uint8Array([8, 2, 0, 0, 0]));
  return padded(
    concat(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      u32be(13),
      ascii('IHDR'),
      ihdr,
      u32be(0), // CRC: not checked by a header reader
    ),
    size,
  );
}

/** A JPEG: SOI, a JFIF APP0 segment, a baseline SOF0 for width x height, then filler. */
export function jpegBytes(width: number, height: number, size = 0): Uint8Array {
  const app0 = new Uint8Array([0xff, 0xe0, 0, 16, ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof0 = new Uint8Array([
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    ...[1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  ]);
  return padded(concat(new Uint8Array([0xff, 0xd8]), app0, sof0), size);
}

/** A lossy WebP: RIFF/WEBP, a VP8 chunk whose key-frame header says width x height, then filler. */
export function webpBytes(width: number, height: number, size = 64): Uint8Array {
  const bytes = padded(new Uint8Array(30), Math.max(size, 30));
  bytes.set(ascii('RIFF'), 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(4, bytes.byteLength - 8, true);
  bytes.set(ascii('WEBPVP8 '), 8);
  view.setUint32(16, bytes.byteLength - 20, true);
  bytes.set([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], 20); // key frame tag, start code
  view.setUint16(26, width, true);
  view.setUint16(28, height, true);
  return bytes;
}

function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const content = concat(...body);
  return concat(u32be(8 + content.byteLength), ascii(type), content);
}

/**
 * A HEIF-family file (HEIC or AVIF by its brand): ftyp, then meta > iprp > ipco > ispe with
 * width x height, as a phone writes them, then filler.
 */
export function heifBytes(brand: 'heic' | 'avif', width: number, height: number, size = 0): Uint8Array {
  const ftyp = box('ftyp', ascii(brand), u32be(0), ascii(`mif1${brand}`));
  const ispe = box('ispe', u32be(0), u32be(width), u32be(height));
  const meta = box('meta', u32be(0), box('iprp', box('ipco', ispe)));
  return padded(concat(ftyp, meta), size);
}
