/** Five stars with halves: a rating is rounded to the nearest half star for display. */
export function starsFor(rating: number | null | undefined): Array<'full' | 'half' | 'empty'> {
  const halves = rating == null || !Number.isFinite(rating) ? 0 : Math.round(Math.min(5, Math.max(0, rating)) * 2);
  return Array.from({ length: 5 }, (_, i) => (halves >= (i + 1) * 2 ? 'full' : halves === i * 2 + 1 ? 'half' : 'empty'));
}

export function formatRating(rating: number | null | undefined): string {
  return rating == null ? 'No ratings yet' : rating.toFixed(1);
}
