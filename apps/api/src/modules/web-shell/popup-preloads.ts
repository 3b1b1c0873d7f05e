/** The popup's module, as the build's manifest names it (by its source path). */
const POPUP_SOURCE = 'src/features/item-detail/item-detail-popup.tsx';

/** What this module reads of a chunk in Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type BuildManifest = Record<string, ManifestChunk | undefined>;

/**
 * Links that start downloading an item popup's code with the page instead of after the entry script
 * has run and imported it: the popup's chunk, the chunks it imports statically, and their styles
 * (the popup waits for them before it shows). The entry is left out: the page loads it already.
 * `crossorigin` as on the page's module script and on the links the app adds itself, so the
 * browser reuses these downloads. At low priority: the first paint (the header, and on a phone the
 * popup's photo drawn by the HTML) needs the stylesheet and the photo, not these, and they would
 * share the connection with them. Empty when the manifest has no popup.
 */
export function popupPreloadTags(manifestJson: string): string {
  const manifest = JSON.parse(manifestJson) as BuildManifest;
  const scripts: string[] = [];
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(POPUP_SOURCE);
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`),
  ].join('');
}

/**
 * The tags go at the end of the head: after the page's module script (the entry), which is asked for
 * first, and after its stylesheet, which holds up the first paint (and with it the popup's photo,
 * drawn by the HTML on a phone) while these chunks are only needed once the entry has run.
 */
export function withPopupPreloads(html: string, tags: string): string {
  if (!tags) return html;
  return html.replace(/<\/head>/i, (end) => `${tags}${end}`);
}
