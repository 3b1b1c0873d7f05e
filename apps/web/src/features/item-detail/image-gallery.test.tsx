import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageGallery } from './image-gallery.tsx';
import { ItemDialog } from './item-dialog.tsx';
import { testItem } from '../../test/item-detail.ts';

afterEach(cleanup);

const images = testItem().images;
const mainImage = () => screen.getByRole('button', { name: 'Zoom image' }).querySelector('img')!;
const thumb = (n: number) => screen.getByRole('button', { name: `Show image ${n}` });

describe('ImageGallery', () => {
  it('moves forward and back, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(<ImageGallery images={images} />);
    expect(mainImage().alt).toBe('Hedge trimmer on a bench');
    expect(screen.getByText('Image 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(mainImage().alt).toBe('Hedge trimmer in use');
    expect(screen.getByText('Image 3 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(mainImage().alt).toBe('Hedge trimmer on a bench');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('Image 2 of 3')).toBeInTheDocument();
  });

  it('switches image from a thumbnail and marks the shown one', async () => {
    const user = userEvent.setup();
    render(<ImageGallery images={images} />);
    expect(thumb(1).getAttribute('aria-pressed')).toBe('true');
    await user.click(thumb(3));
    expect(mainImage().getAttribute('src')).toBe('/img/3.webp');
    expect(mainImage().getAttribute('srcset')).toBe('/img/3-thumb.webp 400w, /img/3.webp 1200w');
    expect(thumb(3).getAttribute('aria-pressed')).toBe('true');
    expect(thumb(3).getAttribute('aria-current')).toBe('true');
    expect(thumb(1).getAttribute('aria-pressed')).toBe('false');
  });

  it('follows the arrow keys while it has focus', async () => {
    const user = userEvent.setup();
    render(<ImageGallery images={images} />);
    await user.tab();
    expect(screen.getByRole('group', { name: 'Image gallery' })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Image 3 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Image 1 of 3')).toBeInTheDocument();
  });

  it('shows a placeholder when there are no images', () => {
    render(<ImageGallery images={[]} />);
    expect(screen.getByText('No images available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom image' })).toBeNull();
  });

  it('has no previous/next or thumbnails for a single image', () => {
    render(<ImageGallery images={images.slice(0, 1)} />);
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show image 1' })).toBeNull();
    expect(screen.getByText('Image 1 of 1')).toBeInTheDocument();
  });

  it('zooms the shown image; Escape closes the zoom but not the popup', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <ItemDialog labelledBy="t" onClose={onClose}>
        <h2 id="t">Trimmer</h2>
        <ImageGallery images={images} />
      </ItemDialog>,
    );
    await user.click(thumb(2));
    await user.click(screen.getByRole('button', { name: 'Zoom image' }));
    const zoom = screen.getByRole('dialog', { name: 'Zoomed image: Hedge trimmer battery' });
    expect(zoom.querySelector('img')!.getAttribute('src')).toBe('/img/2.webp');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close zoom' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Close zoom' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Zoom image' }));
  });

  it('closes the zoom with its Close zoom button', async () => {
    const user = userEvent.setup();
    render(<ImageGallery images={images} />);
    await user.click(screen.getByRole('button', { name: 'Zoom image' }));
    await user.click(screen.getByRole('button', { name: 'Close zoom' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
