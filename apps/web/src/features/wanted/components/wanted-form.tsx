import {
  addDays,
  ALL_CATEGORY_ID,
  CATEGORIES,
  NEAR_MESSAGE,
  RADIUS_MILES_OPTIONS,
  readNear,
  readWantedPrice,
  todayInLondon,
  WANTED_DAYS_AHEAD,
  WANTED_DEFAULT_RADIUS,
  WANTED_DETAILS_LONG_MESSAGE,
  WANTED_DETAILS_MAX,
  WANTED_PRICE_MESSAGE,
  WANTED_TITLE_LONG_MESSAGE,
  WANTED_TITLE_MAX,
  WANTED_TITLE_MESSAGE,
  wantedDatesProblem,
} from '@toolshed/core';
import type { WantedInput, WantedPost } from '@toolshed/core/contract';
import { useState } from 'react';
import { useCheckedForm, type CheckedForm } from '../../../ui/use-checked-form.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { FormAlert, FormField, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useCreateWanted } from '../api/wanted-api.ts';

type Field = 'title' | 'details' | 'categoryId' | 'near' | 'radius' | 'startDate' | 'endDate' | 'maxPrice';
type Problems = Partial<Record<Field, string>>;
/** Every field a string, as the form holds them. */
type WantedValues = Record<Field, string>;
const ORDER: Field[] = ['title', 'details', 'categoryId', 'near', 'radius', 'startDate', 'endDate', 'maxPrice'];

/** The form's own checks: the same rules and words as the server's (core `wanted.ts`). */
export function wantedFormProblems(input: WantedInput, today: string): Problems {
  const problems: Problems = {};
  const title = input.title.trim();
  if (!title) problems.title = WANTED_TITLE_MESSAGE;
  else if (title.length > WANTED_TITLE_MAX) problems.title = WANTED_TITLE_LONG_MESSAGE;
  if ((input.details ?? '').trim().length > WANTED_DETAILS_MAX) problems.details = WANTED_DETAILS_LONG_MESSAGE;
  if (!readNear(input.near)) problems.near = NEAR_MESSAGE;
  const dates = wantedDatesProblem(input.startDate, input.endDate, today);
  if (dates) problems[dates.field as Field] = dates.message;
  if (readWantedPrice(input.maxPrice) === 'invalid') problems.maxPrice = WANTED_PRICE_MESSAGE;
  return problems;
}

/** The form's state, its checks the server's, starting near `initialNear` (the place last browsed near). */
export function useWantedForm(initialNear: string, today: string): CheckedForm<WantedValues> {
  return useCheckedForm<WantedValues>({
    defaultValues: {
      title: '',
      details: '',
      categoryId: ALL_CATEGORY_ID,
      near: initialNear,
      radius: String(WANTED_DEFAULT_RADIUS),
      startDate: '',
      endDate: '',
      maxPrice: '',
    },
    check: (values) => wantedFormProblems(values, today),
    idPrefix: 'wanted',
    hinted: ['title', 'details', 'near'],
  });
}

/** "Can't find it? Ask your neighbours": what, where, when and up to what price. */
export function WantedForm({ initialNear = '', onPosted }: { initialNear?: string; onPosted: (post: WantedPost) => void }) {
  const create = useCreateWanted();
  const [today] = useState(() => todayInLondon());
  const form = useWantedForm(initialNear, today);

  const onSubmit = form.submit((values) =>
    create
      .mutateAsync({
        ...values,
        title: values.title.trim(),
        details: values.details.trim() || undefined,
        maxPrice: values.maxPrice.trim() || undefined,
      })
      .then(onPosted, (error: unknown) => {
        if (error instanceof ApiError && error.field && ORDER.includes(error.field as Field)) {
          form.setError(error.field as Field, { type: 'server', message: error.message }, { shouldFocus: true });
        } else form.setFailure(errorMessage(error));
      }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Ask your neighbours">
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <WantedFields form={form} today={today} />
      <div>
        <button type="submit" disabled={create.isPending} className={primaryButtonClass}>
          {create.isPending ? 'Posting...' : 'Ask your neighbours'}
        </button>
      </div>
    </form>
  );
}

/** What and where: the title, details, category, place and radius. */
function WhatAndWhere({ form, problems }: { form: CheckedForm<WantedValues>; problems: Problems }) {
  return (
    <>
      <FormField id="wanted-title" label="What do you need?" problem={problems.title} hint={`Up to ${WANTED_TITLE_MAX} characters`}>
        <input {...form.field('title')} className={inputClass} maxLength={200} />
      </FormField>
      <FormField id="wanted-details" label="Details (optional)" problem={problems.details} hint="Size, power, what it is for">
        <textarea {...form.field('details')} rows={3} className={inputClass} />
      </FormField>
      <FormField id="wanted-categoryId" label="Category" problem={problems.categoryId}>
        <select {...form.field('categoryId')} className={inputClass}>
          <option value={ALL_CATEGORY_ID}>Any category</option>
          {CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="wanted-near"
          label="Where"
          problem={problems.near}
          hint="A UK postcode or a town: only its district or name is shown"
        >
          <input {...form.field('near')} className={inputClass} autoComplete="postal-code" />
        </FormField>
        <FormField id="wanted-radius" label="Within" problem={problems.radius}>
          <select {...form.field('radius')} className={inputClass}>
            {RADIUS_MILES_OPTIONS.map((r) => (
              <option key={r} value={String(r)}>
                {r} {r === 1 ? 'mile' : 'miles'}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </>
  );
}

/** When and up to what price. */
function WhenAndPrice({ form, problems, today }: { form: CheckedForm<WantedValues>; problems: Problems; today: string }) {
  const startDate = form.watch('startDate');
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="wanted-startDate" label="From" problem={problems.startDate}>
          <input {...form.field('startDate')} type="date" min={today} max={addDays(today, WANTED_DAYS_AHEAD)} className={inputClass} />
        </FormField>
        <FormField id="wanted-endDate" label="Until" problem={problems.endDate}>
          <input
            {...form.field('endDate')}
            type="date"
            min={startDate || today}
            max={addDays(today, WANTED_DAYS_AHEAD)}
            className={inputClass}
          />
        </FormField>
      </div>
      <FormField id="wanted-maxPrice" label="Up to a daily price of (£, optional)" problem={problems.maxPrice}>
        <input {...form.field('maxPrice')} inputMode="decimal" className={inputClass} />
      </FormField>
    </>
  );
}

/**
 * The form's fields and what happens to a post (the sample form in Mock Data mode shows them
 * disabled). Both parts are child components, so the fields register (and the first with a problem
 * takes the focus) in the order they show.
 */
export function WantedFields({ form, today }: { form: CheckedForm<WantedValues>; today: string }) {
  const problems = Object.fromEntries(ORDER.map((f) => [f, form.problem(f)])) as Problems;
  return (
    <>
      <WhatAndWhere form={form} problems={problems} />
      <WhenAndPrice form={form} problems={problems} today={today} />
      <p className="text-sm text-slate-700">
        Owners near the place with something that fits hear about it and can offer you an item. Your address is never shown.
      </p>
    </>
  );
}
