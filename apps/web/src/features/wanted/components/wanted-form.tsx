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
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { fieldA11y, FormAlert, FormField, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useCreateWanted } from '../api/wanted-api.ts';

type Field = 'title' | 'details' | 'categoryId' | 'near' | 'radius' | 'startDate' | 'endDate' | 'maxPrice';
type Problems = Partial<Record<Field, string>>;
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

/** "Can't find it? Ask your neighbours": what, where, when and up to what price. */
export function WantedForm({ initialNear = '', onPosted }: { initialNear?: string; onPosted: (post: WantedPost) => void }) {
  const create = useCreateWanted();
  const [today] = useState(() => todayInLondon());
  const [values, setValues] = useState<WantedInput>({
    title: '',
    details: '',
    categoryId: ALL_CATEGORY_ID,
    near: initialNear,
    radius: String(WANTED_DEFAULT_RADIUS),
    startDate: '',
    endDate: '',
    maxPrice: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function focusFirst(found: Problems) {
    const first = ORDER.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`#wanted-${first}`)?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = wantedFormProblems(values, today);
    setProblems(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    create.mutate(
      {
        ...values,
        title: values.title.trim(),
        details: values.details?.trim() || undefined,
        maxPrice: values.maxPrice?.trim() || undefined,
      },
      {
        onSuccess: onPosted,
        onError: (err) => {
          if (err instanceof ApiError && err.field && ORDER.includes(err.field as Field)) {
            const server = { [err.field]: err.message } as Problems;
            setProblems(server);
            focusFirst(server);
          } else setFormError(errorMessage(err));
        },
      },
    );
  }

  const a11y = (field: Field, hint = false) => ({ id: `wanted-${field}`, ...fieldA11y(`wanted-${field}`, problems[field], hint) });
  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Ask your neighbours">
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormField id="wanted-title" label="What do you need?" problem={problems.title} hint={`Up to ${WANTED_TITLE_MAX} characters`}>
        <input {...a11y('title', true)} value={values.title} onChange={set('title')} className={inputClass} maxLength={200} />
      </FormField>
      <FormField id="wanted-details" label="Details (optional)" problem={problems.details} hint="Size, power, what it is for">
        <textarea {...a11y('details', true)} value={values.details} onChange={set('details')} rows={3} className={inputClass} />
      </FormField>
      <FormField id="wanted-categoryId" label="Category" problem={problems.categoryId}>
        <select {...a11y('categoryId')} value={values.categoryId} onChange={set('categoryId')} className={inputClass}>
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
          <input {...a11y('near', true)} value={values.near} onChange={set('near')} className={inputClass} autoComplete="postal-code" />
        </FormField>
        <FormField id="wanted-radius" label="Within" problem={problems.radius}>
          <select {...a11y('radius')} value={String(values.radius)} onChange={set('radius')} className={inputClass}>
            {RADIUS_MILES_OPTIONS.map((r) => (
              <option key={r} value={String(r)}>
                {r} {r === 1 ? 'mile' : 'miles'}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="wanted-startDate" label="From" problem={problems.startDate}>
          <input
            {...a11y('startDate')}
            type="date"
            min={today}
            max={addDays(today, WANTED_DAYS_AHEAD)}
            value={values.startDate}
            onChange={set('startDate')}
            className={inputClass}
          />
        </FormField>
        <FormField id="wanted-endDate" label="Until" problem={problems.endDate}>
          <input
            {...a11y('endDate')}
            type="date"
            min={values.startDate || today}
            max={addDays(today, WANTED_DAYS_AHEAD)}
            value={values.endDate}
            onChange={set('endDate')}
            className={inputClass}
          />
        </FormField>
      </div>
      <FormField id="wanted-maxPrice" label="Up to a daily price of (£, optional)" problem={problems.maxPrice}>
        <input {...a11y('maxPrice')} inputMode="decimal" value={values.maxPrice} onChange={set('maxPrice')} className={inputClass} />
      </FormField>
      <p className="text-sm text-slate-700">
        Owners near the place with something that fits hear about it and can offer you an item. Your address is never shown.
      </p>
      <div>
        <button type="submit" disabled={create.isPending} className={primaryButtonClass}>
          {create.isPending ? 'Posting...' : 'Ask your neighbours'}
        </button>
      </div>
    </form>
  );
}
