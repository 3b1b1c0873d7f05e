/**
 * The id the photo endpoints take. ItemDetail images carry only URLs; the stored file is named
 * '{imageId}-large.webp' (or '-thumb'), so the id is the file name's first part.
 */
export function imageIdFromUrl(url: string): string | undefined {
  const path = url.split(/[?#]/)[0] ?? '';
  const file = path.slice(path.lastIndexOf('/') + 1);
  return /^(.+)-(?:large|thumb)\.[a-z0-9]+$/i.exec(file)?.[1];
}
