import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ItemImage } from '@toolshed/core/contract';
import { GALLERY_IMAGE_SIZES, photoSrcSet } from '@toolshed/core';
import { ImageZoom } from './image-zoom.tsx';

const navButton =
  'rounded-full bg-white/95 px-3 py-2 text-sm font-medium text-slate-900 shadow ring-1 ring-slate-300 hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/** One button per image; the one shown is pressed. */
function Thumbnails({ images, shown, onShow }: { images: readonly ItemImage[]; shown: number; onShow(index: number): void }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {images.map((thumb, i) => (
        <li key={`${i}-${thumb.thumbUrl}`}>
          <button
            type="button"
            aria-label={`Show image ${i + 1}`}
            aria-pressed={i === shown}
            aria-current={i === shown ? 'true' : undefined}
            onClick={() => onShow(i)}
            className={`block overflow-hidden rounded-md ring-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ${
              i === shown ? 'ring-3 ring-emerald-700' : 'ring-1 ring-slate-300 opacity-80 hover:opacity-100'
            }`}
          >
            <img src={thumb.thumbUrl} alt="" width={80} height={56} className="h-14 w-20 object-cover" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Large image with previous/next (wrapping), thumbnails, arrow keys and a zoomed view. */
export function ImageGallery({ images }: { images: readonly ItemImage[] }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const wasZoomed = useRef(false);

  // Focus goes back to the image only once the zoom dialog is gone: while it is still open the
  // rest of the popup is inert and cannot take focus.
  useEffect(() => {
    if (wasZoomed.current && !zoomed) zoomButton.current?.focus();
    wasZoomed.current = zoomed;
  }, [zoomed]);

  if (images.length === 0) {
    return (
      <div className="flex aspect-[3/2] w-full items-center justify-center rounded-lg bg-slate-100 text-slate-700">No images available</div>
    );
  }

  const count = images.length;
  const shown = Math.min(index, count - 1);
  const image = images[shown]!;
  const go = (step: number) => setIndex((((shown + step) % count) + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys pressed on the gallery's buttons bubble up here
    <div role="group" aria-label="Image gallery" onKeyDown={onKeyDown} className="flex flex-col gap-3">
      <div className="relative">
        <button
          ref={zoomButton}
          type="button"
          aria-label="Zoom image"
          onClick={() => setZoomed(true)}
          className="block w-full cursor-zoom-in overflow-hidden rounded-lg bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          <img
            src={image.url}
            srcSet={photoSrcSet(image)}
            sizes={GALLERY_IMAGE_SIZES}
            alt={image.alt}
            width={1200}
            height={800}
            className="aspect-[3/2] h-auto w-full object-cover"
          />
        </button>
        {count > 1 && (
          <>
            <button type="button" onClick={() => go(-1)} className={`${navButton} absolute left-2 top-1/2 -translate-y-1/2`}>
              <span aria-hidden="true">‹ </span>Previous image
            </button>
            <button type="button" onClick={() => go(1)} className={`${navButton} absolute right-2 top-1/2 -translate-y-1/2`}>
              Next image<span aria-hidden="true"> ›</span>
            </button>
          </>
        )}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        Image {shown + 1} of {count}
      </p>
      {count > 1 && <Thumbnails images={images} shown={shown} onShow={setIndex} />}
      {zoomed && <ImageZoom image={image} onClose={() => setZoomed(false)} />}
    </div>
  );
}
