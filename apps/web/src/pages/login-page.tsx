import { Link } from 'react-router';
import { SimplePage } from '../ui/page-main.tsx';

/** Accounts arrive with a later release; until then this page says so plainly. */
export function LoginPage() {
  return (
    <SimplePage title="Log in or sign up">
      <p>Sign-in is coming soon. Accounts will let you rent items, list your own tools and keep track of your rentals.</p>
      <p>You can already browse every category and see each item's price, location and free dates without an account.</p>
      <p>
        <Link to="/category/all" className="font-medium text-emerald-800 underline underline-offset-4">
          Browse all items
        </Link>
      </p>
    </SimplePage>
  );
}
