/** '4+ stars', '5 stars': a minimum owner rating as the filter offers it (in the form and its chip). */
export function ratingLabel(option: number): string {
  return option === 5 ? '5 stars' : `${option}+ stars`;
}
