import type { ItemDetail, ItemImage } from '@toolshed/core/contract';
import { useCallback, useState } from 'react';
import { removeImage, reorderImages } from './api/item-requests.ts';
import { imageIdFromUrl } from './image-id.ts';

export interface SavedPhoto extends ItemImage {
  id: string;
}

interface State {
  /** As the server has them. */
  saved: SavedPhoto[];
  /** As the owner wants them: some removed, maybe another order. */
  photos: SavedPhoto[];
}

function withIds(images: readonly ItemImage[]): SavedPhoto[] {
  return images.flatMap((image) => {
    const id = imageIdFromUrl(image.url);
    return id ? [{ ...image, id }] : [];
  });
}

const has = (list: readonly SavedPhoto[], id: string) => list.some((p) => p.id === id);
const sameOrder = (a: readonly SavedPhoto[], b: readonly SavedPhoto[]) => a.length === b.length && a.every((p, i) => p.id === b[i]?.id);

/**
 * The photos an item already has, as the owner rearranges them. Nothing is sent until `apply`
 * (on save): removals first, then the new order through the order endpoint.
 */
export function useExistingPhotos(initial: readonly ItemImage[]) {
  const [state, setState] = useState<State>(() => ({ saved: withIds(initial), photos: withIds(initial) }));

  const move = useCallback((index: number, delta: -1 | 1) => {
    setState((s) => {
      const to = index + delta;
      if (to < 0 || to >= s.photos.length) return s;
      const photos = [...s.photos];
      [photos[index], photos[to]] = [photos[to]!, photos[index]!];
      return { ...s, photos };
    });
  }, []);

  const remove = useCallback((id: string) => setState((s) => ({ ...s, photos: s.photos.filter((p) => p.id !== id) })), []);

  /** The server's answer after an upload: new photos join the end, changes not yet saved are kept. */
  const merge = useCallback((item: ItemDetail) => {
    setState((s) => {
      const server = withIds(item.images);
      const kept = s.photos.filter((p) => has(server, p.id));
      const added = server.filter((p) => !has(s.saved, p.id));
      return { saved: server, photos: [...kept, ...added] };
    });
  }, []);

  /** Sends the removals and the order; afterwards what is shown is what is saved. */
  const apply = useCallback(
    async (itemId: string): Promise<void> => {
      const wanted = state.photos;
      let current = state.saved;
      for (const gone of state.saved.filter((p) => !has(wanted, p.id))) {
        current = withIds((await removeImage(itemId, gone.id)).images);
        const now = current;
        // Recorded one by one, so a failure part-way does not ask to remove a photo twice.
        setState((s) => ({ ...s, saved: now }));
      }
      if (!sameOrder(current, wanted) && current.length === wanted.length) {
        current = withIds(
          (
            await reorderImages(
              itemId,
              wanted.map((p) => p.id),
            )
          ).images,
        );
      }
      const done = current;
      setState({ saved: done, photos: done });
    },
    [state],
  );

  return { photos: state.photos, move, remove, merge, apply };
}
