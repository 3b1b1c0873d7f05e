/** The pseudo-category that lists every item. */
export const ALL_CATEGORY_ID = 'all';
