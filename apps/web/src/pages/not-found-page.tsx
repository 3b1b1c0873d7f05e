import { Link } from '../lib/router/index.ts';
import { SimplePage } from '../ui/page-main.tsx';

export function NotFoundPage() {
  return (
    <SimplePage title="Page not found">
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/category/all" className="font-medium text-emerald-800 underline underline-offset-4">
          Browse all items
        </Link>
      </p>
    </SimplePage>
  );
}
