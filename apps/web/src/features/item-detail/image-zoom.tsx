import { useRef } from 'react';
import type { ItemImage } from '@toolshed/core/contract';
import { ModalDialog } from '../../ui/modal-dialog.tsx';

export interface ImageZoomProps {
  image: ItemImage;
  onClose: () => void;
}

/**
 * The full-size image in its own modal dialog on top of the item popup. Escape here closes only
 * the zoom: the key is stopped before the popup's own Escape handling sees it.
 */
export function ImageZoom({ image, onClose }: ImageZoomProps) {
  const closeRef = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog
      aria-label={`Zoomed image: ${image.alt}`}
      onClose={onClose}
      initialFocus={closeRef}
      closeOnBackdrop
      nested
      className="m-auto h-dvh max-h-none w-full max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80"
    >
      <div className="flex h-full w-full flex-col">
        <div className="flex justify-end p-3">
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="rounded-md bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
          >
            Close zoom
          </button>
        </div>
        <div className="flex min-h-0 flex-1 items-center justify-center p-4">
          <img src={image.url} alt={image.alt} className="h-full w-full object-contain" />
        </div>
      </div>
    </ModalDialog>
  );
}
