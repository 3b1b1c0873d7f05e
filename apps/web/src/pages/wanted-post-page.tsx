import { WantedPostView } from '../features/wanted/components/wanted-post-view.tsx';
import { Link, useParams } from '../lib/router/index.ts';
import { linkClass } from '../ui/form-parts.tsx';
import { PageMain } from '../ui/page-main.tsx';

/** /wanted/:postId */
export function WantedPostPage() {
  const { postId = '' } = useParams();
  return (
    <PageMain className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <p className="mb-4 text-sm">
        <Link to="/wanted" className={linkClass}>
          All wanted posts
        </Link>
      </p>
      <WantedPostView postId={postId} />
    </PageMain>
  );
}
