import { DEFAULT_CANCELLATION_POLICY, readPounds, type CancellationPolicy } from '@toolshed/core';
import { itemInputSchema, type ItemDetail, type ItemInput } from '@toolshed/core/contract';

/** What the form's controls hold: text as typed (the rate in pounds), and the checkbox. */
export interface ItemFormValues {
  name: string;
  description: string;
  dailyRate: string;
  /** The refundable deposit in pounds as typed; empty or 0: none. */
  deposit: string;
  categoryId: string;
  minDays: string;
  maxDays: string;
  address: string;
  city: string;
  postcode: string;
  available: boolean;
  /** Pounds as typed; empty: no weekly price. */
  weeklyRate: string;
  bufferDays: string;
  bookingMode: 'instant' | 'request';
  /** What a renter's cancellation gets back. */
  cancellationPolicy: CancellationPolicy;
  /** What the owner asks of renters. */
  requireVerifiedPhone: boolean;
  minCompletedRentals: string;
}

export type ItemField = keyof ItemFormValues;
export type FieldErrors = Partial<Record<ItemField, string>>;

/** Top to bottom, so the first invalid field in this order takes focus. */
export const FIELD_ORDER: readonly ItemField[] = [
  'name',
  'description',
  'dailyRate',
  'deposit',
  'categoryId',
  'minDays',
  'maxDays',
  'address',
  'city',
  'postcode',
  'available',
  'weeklyRate',
  'bufferDays',
  'bookingMode',
  'cancellationPolicy',
  'requireVerifiedPhone',
  'minCompletedRentals',
];

/** The spec's defaults: £10 a day, 1 to 7 days, available. */
export const EMPTY_ITEM_FORM: ItemFormValues = {
  name: '',
  description: '',
  dailyRate: '10',
  deposit: '0',
  categoryId: '',
  minDays: '1',
  maxDays: '7',
  address: '',
  city: '',
  postcode: '',
  available: true,
  weeklyRate: '',
  bufferDays: '0',
  bookingMode: 'instant',
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
  requireVerifiedPhone: false,
  minCompletedRentals: '0',
};

export function valuesFromItem(item: ItemDetail): ItemFormValues {
  return {
    name: item.name,
    description: item.description,
    dailyRate: (item.dailyRatePence / 100).toFixed(2),
    deposit: ((item.depositPence ?? 0) / 100).toFixed(2),
    categoryId: item.categoryId,
    minDays: String(item.minDays),
    maxDays: String(item.maxDays),
    address: item.location.address ?? '',
    city: item.location.city ?? '',
    postcode: item.location.postcode ?? '',
    available: item.available,
    weeklyRate: item.weeklyRatePence == null ? '' : (item.weeklyRatePence / 100).toFixed(2),
    bufferDays: String(item.bufferDays ?? 0),
    bookingMode: item.bookingMode ?? 'instant',
    cancellationPolicy: item.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
    requireVerifiedPhone: item.requirements?.requireVerifiedPhone ?? false,
    minCompletedRentals: String(item.requirements?.minCompletedRentals ?? 0),
  };
}

function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Pounds as typed to pence (core `readPounds`). More than two decimals is passed on unrounded so the
 * shared schema says so, rather than quietly charging a different rate from the one typed.
 */
function penceFrom(text: string): number | undefined {
  const read = readPounds(text);
  return read.kind === 'pence' || read.kind === 'too-precise' ? read.pence : undefined;
}

const FIELD_OF: Record<string, ItemField> = { dailyRatePence: 'dailyRate', depositPence: 'deposit', weeklyRatePence: 'weeklyRate' };

/** The form checked with the API's own schema: the input to send, or one message per field. */
export function validateItemForm(values: ItemFormValues): { ok: true; input: ItemInput } | { ok: false; errors: FieldErrors } {
  const result = itemInputSchema.safeParse({
    name: values.name,
    description: values.description,
    dailyRatePence: penceFrom(values.dailyRate),
    depositPence: values.deposit.trim() ? penceFrom(values.deposit) : 0,
    categoryId: values.categoryId || undefined,
    minDays: numberOrUndefined(values.minDays),
    maxDays: numberOrUndefined(values.maxDays),
    address: values.address,
    city: values.city,
    postcode: values.postcode,
    available: values.available,
    weeklyRatePence: values.weeklyRate.trim() ? (penceFrom(values.weeklyRate) ?? Number.NaN) : null,
    bufferDays: numberOrUndefined(values.bufferDays),
    bookingMode: values.bookingMode,
    cancellationPolicy: values.cancellationPolicy,
    requireVerifiedPhone: values.requireVerifiedPhone,
    minCompletedRentals: numberOrUndefined(values.minCompletedRentals),
  });
  if (result.success) return { ok: true, input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = FIELD_OF[key] ?? (FIELD_ORDER.includes(key as ItemField) ? (key as ItemField) : undefined);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The first field, top to bottom, that has a message. */
export function firstInvalidField(errors: FieldErrors): ItemField | undefined {
  return FIELD_ORDER.find((f) => errors[f]);
}

/** A server error that names one of the form's fields (e.g. 'postcode'), as a form field. */
export function formFieldOf(serverField: string | undefined): ItemField | undefined {
  if (!serverField) return undefined;
  const field = FIELD_OF[serverField] ?? serverField;
  return FIELD_ORDER.includes(field as ItemField) ? (field as ItemField) : undefined;
}
