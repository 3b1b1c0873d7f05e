/**
 * Draws the installable app's icons (run by hand when the logo changes; the PNGs are committed):
 * `node --import tsx build/app-icons.ts` from apps/web. A white house with a hammer on Toolshed green.
 */
import sharp from 'sharp';

const GREEN = '#047857';

function logo(size: number, maskable: boolean): string {
  // Maskable icons keep their drawing inside the middle 80% so any mask shape leaves it whole.
  const inset = maskable ? size * 0.2 : size * 0.12;
  const scale = (size - inset * 2) / 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" rx="${maskable ? 0 : size * 0.22}" fill="${GREEN}"/>
    <g transform="translate(${inset} ${inset}) scale(${scale})" fill="none" stroke="#ffffff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">
      <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z"/>
      <path d="m9.5 14.5 5-5M13 8l3 3M8 19l2.5-2.5"/>
    </g>
  </svg>`;
}

const out = new URL('../public/icons/', import.meta.url).pathname;
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, false],
] as const) {
  await sharp(Buffer.from(logo(size, maskable)))
    .png()
    .toFile(`${out}${name}`);
}
