export * from './categories.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './booking-range.ts';
export * from './browse-filters.ts';
export * from './errors.ts';
export * from './rating.ts';
export * from './password-policy.ts';
