import { useState } from 'react';
import { useDataSource } from '../data/data-source.tsx';
import { SampleMyWantedList } from '../features/wanted/components/sample-wanted.tsx';
import { MyWantedList } from '../features/wanted/components/wanted-lists.tsx';
import { Link } from '../lib/router/index.ts';
import { linkClass } from '../ui/form-parts.tsx';
import { PageMain } from '../ui/page-main.tsx';

/** /my-wanted: the member's own wanted posts (in Mock Data mode, sample ones, read-only). */
export function MyWantedPage() {
  const [page, setPage] = useState(1);
  const { mode } = useDataSource();
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>My wanted posts · Toolshed</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">My wanted posts</h1>
        <Link to="/wanted/new" className={linkClass}>
          Ask for something new
        </Link>
      </div>
      {mode === 'mock' ? <SampleMyWantedList /> : <MyWantedList page={page} onPage={setPage} />}
    </PageMain>
  );
}
