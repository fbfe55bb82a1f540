// An image from the content API: intrinsic size, srcset when the server made resized variants, lazy by default
// (eager above the fold, and fetched first when it is the page's largest paint), anchored at its focal point where
// a frame of another shape crops it (object-fit: cover); a neutral placeholder when there is no photo.
import './photo.css';

/** `sizes` tells the browser how wide the image is shown, so it picks the smallest variant that is sharp enough. */
export function Photo({ photo, alt, sizes = '100vw', eager = false, priority = false, className = '' }) {
  if (!photo?.src) {
    const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return <span className={`photo-placeholder ${className}`.trim()} {...label} />;
  }
  return (
    <img
      className={className || undefined}
      src={photo.src}
      srcSet={photo.srcset || undefined}
      sizes={photo.srcset ? sizes : undefined}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      style={photo.focus && { objectPosition: `${photo.focus.x}% ${photo.focus.y}%` }}
    />
  );
}
