import { NEAR_MESSAGE, readNear } from '@toolshed/core';
import { useState, type FormEvent } from 'react';
import { recallPlace } from '../features/browse/remembered-place.ts';
import { OpenWantedList } from '../features/wanted/components/wanted-lists.tsx';
import { Link } from '../lib/router/index.ts';
import { fieldA11y, FormField, inputClass, linkClass, primaryButtonClass } from '../ui/form-parts.tsx';
import { PageMain } from '../ui/page-main.tsx';

/** /wanted: what neighbours are looking for near a place (the one last browsed near, to start with), for owners to offer. */
export function WantedPage() {
  const [near, setNear] = useState(() => recallPlace()?.near ?? '');
  const [typed, setTyped] = useState(near);
  const [problem, setProblem] = useState<string | undefined>();
  const [page, setPage] = useState(1);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() && !readNear(typed)) return setProblem(NEAR_MESSAGE);
    setProblem(undefined);
    setNear(typed.trim());
    setPage(1);
  }

  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Wanted · Toolshed</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Wanted near you</h1>
        <div className="flex flex-wrap gap-4">
          <Link to="/my-wanted" className={linkClass}>
            My wanted posts
          </Link>
          <Link to="/wanted/new" className={linkClass}>
            Can&apos;t find it? Ask your neighbours
          </Link>
        </div>
      </div>
      <p className="mb-4 text-slate-700">Neighbours ask here for things they could not find. Have one? Offer it.</p>
      <form onSubmit={onSubmit} className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Where to look">
        <div className="flex-1">
          <FormField id="wanted-near-box" label="Near" problem={problem} hint="A UK postcode or a town; blank for everywhere">
            <input
              id="wanted-near-box"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              className={inputClass}
              {...fieldA11y('wanted-near-box', problem, true)}
            />
          </FormField>
        </div>
        <button type="submit" className={primaryButtonClass}>
          Show posts
        </button>
      </form>
      <OpenWantedList near={near || undefined} page={page} onPage={setPage} />
    </PageMain>
  );
}
