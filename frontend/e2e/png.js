// A tiny PNG encoder for the upload tests: real, decodable images made on the spot, so no binary fixture is needed.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `width` × `height` pixels: a diagonal blend from `from` to `to` ([r, g, b] each). */
export function pngImage(width, height, from = [194, 65, 12], to = [254, 215, 170]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0 (none)
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / (width + height - 2 || 1);
      for (let c = 0; c < 3; c += 1) rows[row + 1 + x * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG as a file for Playwright's setInputFiles. */
export const pngFile = (name = 'photo.png', width = 640, height = 480) => ({
  name,
  mimeType: 'image/png',
  buffer: pngImage(width, height),
});
