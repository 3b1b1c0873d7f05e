import { Link } from 'react-router';
import { SimplePage } from '../ui/page-main.tsx';

export function HelpPage() {
  return (
    <SimplePage title="Help">
      <p>A full help centre and a contact form for our support team are coming soon.</p>
      <h2 className="pt-2 text-xl font-semibold text-slate-900">Finding something to rent</h2>
      <ul className="list-disc space-y-2 pl-6">
        <li>Pick a category in the sidebar, or start from All Items.</li>
        <li>Narrow the list by words, a maximum price per day, the dates you need and the owner's rating.</li>
        <li>Open an item to see its photos, where it is, the dates it is free and the minimum and maximum rental length.</li>
      </ul>
      <p>
        <Link to="/category/all" className="font-medium text-emerald-800 underline underline-offset-4">
          Browse all items
        </Link>
      </p>
    </SimplePage>
  );
}
