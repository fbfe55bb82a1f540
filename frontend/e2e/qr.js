// Reading a QR code the way a phone would: the browser draws it, a real decoder (jsQR) reads the picture.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code shown by `locator` (an <img> or <svg>), read from a screenshot of it; null if none. */
export async function readQr(locator) {
  const png = PNG.sync.read(await locator.screenshot({ animations: 'disabled' }));
  // A quiet zone of white around the code, in case the element is drawn edge to edge.
  const margin = 16;
  const width = png.width + 2 * margin;
  const height = png.height + 2 * margin;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < png.height; y += 1) {
    const row = png.data.subarray(y * png.width * 4, (y + 1) * png.width * 4);
    pixels.set(row, ((y + margin) * width + margin) * 4);
  }
  return jsQR(pixels, width, height)?.data ?? null;
}
