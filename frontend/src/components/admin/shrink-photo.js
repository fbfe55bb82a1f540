// Shrinks a phone's photo in the browser before it is sent: at most 4096 px on its longest side, turned upright as
// its EXIF orientation says, as JPEG (or PNG when it may be transparent), so a 12 MB, 50-megapixel photo goes over
// mobile data as about 2 MB. What cannot be read here is sent as it is, and the server judges it.

/** The longest side a photo is sent with; the site's largest variant is 1600 px, so nothing shows the difference. */
export const LONGEST_SIDE = 4096;

/** Files below this size that are small enough in pixels are sent untouched. */
const SMALL_ENOUGH = 2 * 1024 * 1024;

/** `file`, shrunk when it is large; the same file when it is small, not a photo this browser reads, or not smaller. */
export async function shrinkPhoto(file) {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const { width, height } = bitmap;
  const scale = Math.min(1, LONGEST_SIDE / Math.max(width, height));
  if (scale === 1 && file.size <= SMALL_ENOUGH) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, type, 0.88));
  if (!blob || blob.size >= file.size) return file;
  const name = file.name.replace(/\.\w+$/, type === 'image/png' ? '.png' : '.jpg');
  return new File([blob], name, { type, lastModified: file.lastModified });
}
