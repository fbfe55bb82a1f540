// Photos for the upload tests: large JPEGs made by the browser itself, as phone cameras save them, what their frame
// header says, and the files a screen really sent (after its own shrinking).

/**
 * A JPEG of `width` × `height` pixels made by the browser itself, as a phone's camera would save it (a baseline JPEG),
 * with a sky, hills, a sun, grain and some writing drawn on it (some 5 MB, as a camera's); answered as a file for
 * setInputFiles.
 */
export async function cameraJpeg(page, name, width, height, quality = 0.6) {
  const base64 = await page.evaluate(
    async ({ width, height, quality }) => {
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext('2d');
      const sky = g.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, '#1e3a8a');
      sky.addColorStop(1, '#fde68a');
      g.fillStyle = sky;
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#f97316';
      g.beginPath();
      g.arc(width * 0.7, height * 0.3, height * 0.12, 0, Math.PI * 2);
      g.fill();
      for (let i = 0; i < 12; i += 1) {
        g.fillStyle = `hsl(${90 + i * 6} 50% ${20 + i * 3}%)`;
        g.beginPath();
        g.ellipse((width * i) / 11, height, width * 0.18, height * (0.25 + (i % 4) * 0.06), 0, 0, Math.PI * 2);
        g.fill();
      }
      // A camera's grain and detail: without it the file would be a tenth of a real photo's size.
      const grain = new OffscreenCanvas(509, 509);
      const dots = grain.getContext('2d').createImageData(509, 509);
      for (let i = 0; i < dots.data.length; i += 1) dots.data[i] = i % 4 === 3 ? 255 : Math.random() * 256;
      grain.getContext('2d').putImageData(dots, 0, 0);
      g.globalAlpha = 0.2;
      g.fillStyle = g.createPattern(grain, 'repeat');
      g.fillRect(0, 0, width, height);
      g.globalAlpha = 1;
      g.fillStyle = '#ffffff';
      g.font = `${Math.round(height / 12)}px sans-serif`;
      g.fillText(`${width} × ${height}`, width * 0.05, height * 0.15);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, quality },
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/** The width and height a JPEG's frame header (SOF0…SOF3) gives, and whether it is baseline (SOF0). */
export function jpegSize(buffer) {
  for (let at = 2; at < buffer.length; ) {
    const marker = buffer[at + 1];
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: buffer.readUInt16BE(at + 5), width: buffer.readUInt16BE(at + 7), baseline: marker === 0xc0 };
    }
    at += 2 + buffer.readUInt16BE(at + 2);
  }
  return null;
}

/**
 * Keeps, in the page, every file the admin screens send in a multipart form (Playwright does not hand over the body
 * of so large a request); `sentFiles(page)` answers them as {name, size, head}, `head` the first 64 KB in base64.
 */
export async function keepSentFiles(page) {
  await page.addInitScript(() => {
    window.sentFiles = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function keep(body) {
      if (body instanceof FormData) {
        for (const value of body.values()) if (value instanceof File) window.sentFiles.push(value);
      }
      return send.call(this, body);
    };
  });
}

export const sentFiles = (page) =>
  page.evaluate(() =>
    Promise.all(
      window.sentFiles.map(async (file) => {
        const bytes = new Uint8Array(await file.slice(0, 65536).arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return { name: file.name, size: file.size, head: btoa(binary) };
      }),
    ),
  );
