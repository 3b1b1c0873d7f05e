import { NEAR_MESSAGE, readNear } from '@toolshed/core';
import { useState } from 'react';
import { useDataSource } from '../data/data-source.tsx';
import { recallPlace } from '../features/browse/remembered-place.ts';
import { SampleWantedBoard } from '../features/wanted/components/sample-wanted.tsx';
import { OpenWantedList } from '../features/wanted/components/wanted-lists.tsx';
import { Link } from '../lib/router/index.ts';
import { FormField, inputClass, linkClass, primaryButtonClass } from '../ui/form-parts.tsx';
import { PageMain } from '../ui/page-main.tsx';
import { useCheckedForm } from '../ui/use-checked-form.ts';

/** /wanted: what neighbours are looking for near a place (the one last browsed near, to start with), for owners to offer. */
export function WantedPage() {
  const { mode } = useDataSource();
  return mode === 'mock' ? <SampleWantedPage /> : <LiveWantedPage />;
}

/** The board in Mock Data mode: sample posts, nothing to post or offer. */
function SampleWantedPage() {
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Wanted · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Wanted near you</h1>
      <SampleWantedBoard />
    </PageMain>
  );
}

function LiveWantedPage() {
  const [near, setNear] = useState(() => recallPlace()?.near ?? '');
  const [page, setPage] = useState(1);
  const form = useCheckedForm<{ near: string }>({
    defaultValues: { near },
    // Blank looks everywhere; anything else must be a place the server can read.
    check: ({ near: typed }) => ({ near: typed.trim() && !readNear(typed) ? NEAR_MESSAGE : undefined }),
    idPrefix: 'wanted',
    ids: { near: 'wanted-near-box' },
    hinted: ['near'],
  });

  const onSubmit = form.submit(({ near: typed }) => {
    setNear(typed.trim());
    setPage(1);
  });

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
      <form noValidate onSubmit={onSubmit} className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Where to look">
        <div className="flex-1">
          <FormField id={form.id('near')} label="Near" problem={form.problem('near')} hint="A UK postcode or a town; blank for everywhere">
            <input {...form.field('near')} className={inputClass} />
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
