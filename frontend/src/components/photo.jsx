// An image from the content API: intrinsic size, srcset when the server made resized variants, lazy by default.
export function Photo({ photo, alt, sizes = '100vw', eager = false, className }) {
  if (!photo?.src) return null;
  return (
    <img
      className={className}
      src={photo.src}
      srcSet={photo.srcset || undefined}
      sizes={photo.srcset ? sizes : undefined}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
