import { useState } from 'react';
import { useDataSource } from '../data/data-source.tsx';
import { recallPlace } from '../features/browse/remembered-place.ts';
import { SampleWantedForm } from '../features/wanted/components/sample-wanted.tsx';
import { WantedForm } from '../features/wanted/components/wanted-form.tsx';
import { useNavigate } from '../lib/router/index.ts';
import { PageMain } from '../ui/page-main.tsx';

/** /wanted/new: "Can't find it? Ask your neighbours" (in Mock Data mode, the form shown disabled). */
export function WantedNewPage() {
  const navigate = useNavigate();
  const [near] = useState(() => recallPlace()?.near ?? '');
  const { mode } = useDataSource();
  return (
    <PageMain className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Ask your neighbours · Toolshed</title>
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-slate-900">Can&apos;t find it? Ask your neighbours</h1>
      <p className="mb-6 text-slate-700">Say what you need and when. We tell owners nearby, and you choose from what they offer.</p>
      {mode === 'mock' ? (
        <SampleWantedForm initialNear={near} />
      ) : (
        <WantedForm initialNear={near} onPosted={(post) => void navigate(`/wanted/${post.id}`)} />
      )}
    </PageMain>
  );
}
