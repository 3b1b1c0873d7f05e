import { Link } from '../lib/router/index.ts';

export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>Toolshed: rent tools and equipment from your neighbours, by the day.</p>
        <nav aria-label="Footer">
          <ul className="flex gap-4">
            <li>
              <Link to="/help" className="rounded font-medium text-slate-700 underline-offset-4 hover:underline">
                Help
              </Link>
            </li>
            <li>
              <Link to="/about" className="rounded font-medium text-slate-700 underline-offset-4 hover:underline">
                About
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
