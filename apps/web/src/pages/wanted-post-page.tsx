import { useDataSource } from '../data/data-source.tsx';
import { SampleWantedPost } from '../features/wanted/components/sample-wanted.tsx';
import { WantedPostView } from '../features/wanted/components/wanted-post-view.tsx';
import { Link, useParams } from '../lib/router/index.ts';
import { linkClass } from '../ui/form-parts.tsx';
import { PageMain } from '../ui/page-main.tsx';

/** /wanted/:postId */
export function WantedPostPage() {
  const { postId = '' } = useParams();
  const { mode } = useDataSource();
  return (
    <PageMain className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <p className="mb-4 text-sm">
        <Link to="/wanted" className={linkClass}>
          All wanted posts
        </Link>
      </p>
      {mode === 'mock' ? <SampleWantedPost postId={postId} /> : <WantedPostView postId={postId} />}
    </PageMain>
  );
}
