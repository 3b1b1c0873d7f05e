import { LazyItemPopup, type LazyItemPopupProps } from '../features/item-detail/lazy-item-popup.tsx';
import { preloadWheelbarrowBar } from '../features/wheelbarrow/components/lazy-wheelbarrow-bar.tsx';

// Adding from the popup shows the wheelbarrow bar: its code is fetched as the popup opens, so the bar
// is ready by then and appears with the 'Added' toast (see lazy-wheelbarrow-bar.tsx).
const preloadBar = () => void preloadWheelbarrowBar().catch(() => undefined);

/** The item popup as the pages open it, over a category or an owner's page. */
export function ItemPopup(props: Omit<LazyItemPopupProps, 'onOpen'>) {
  return <LazyItemPopup {...props} onOpen={preloadBar} />;
}
