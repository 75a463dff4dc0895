import { encodeAvifPixels, loadAvifEncoder, type AvifRequest, type AvifReply } from './avif-pixels';

/**
 * The AVIF encoder's Web Worker (docs/decisions/040-avif-on-the-device.md): libaom compiled to
 * WebAssembly by @jsquash/avif, off the main thread so the staff tablet stays responsive while
 * a photo is encoded. One request at a time: pixels in (transferred), AVIF bytes out
 * (transferred). The WASM is fetched and compiled on the first request (one without pixels
 * does only that, while staff choose their photos).
 */
self.onmessage = async (event: MessageEvent<AvifRequest>) => {
  const { id, width, height, pixels } = event.data;
  let reply: AvifReply;
  try {
    if (!pixels || !width || !height) {
      await loadAvifEncoder();
      reply = { id };
    } else {
      const avif = await encodeAvifPixels({ width, height, data: new Uint8ClampedArray(pixels) });
      reply = { id, avif };
    }
  } catch (error) {
    reply = { id, error: String(error) };
  }
  self.postMessage(reply, { transfer: reply.avif ? [reply.avif] : [] });
};
