import { Link } from '../lib/router/index.ts';
import { useDataSource } from '../data/data-source.tsx';
import { useAuth } from '../data/auth-provider.tsx';
import { ContactForm } from '../features/support/components/contact-form.tsx';
import { Faq } from '../features/support/components/faq.tsx';
import { SimplePage } from '../ui/page-main.tsx';

const h2 = 'pt-4 text-xl font-semibold text-slate-900';

export function HelpPage() {
  const { user } = useAuth();
  const { mode } = useDataSource();
  return (
    <SimplePage title="Help">
      <p>Answers to common questions are below. If yours is not there, write to us.</p>

      <h2 id="contact-heading" className={h2}>
        Contact us
      </h2>
      <p>We reply within 24 hours. Our support team works Monday to Friday, 9AM-6PM GMT.</p>
      {mode === 'mock' && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          The contact form needs the Toolshed server, which cannot be reached right now. Please try again later.
        </p>
      )}
      {/* Keyed by account so the name and email fill in once the session has been read. */}
      <ContactForm
        key={user?.id ?? 'guest'}
        defaults={{ name: user?.name ?? '', email: user?.email ?? '' }}
        unavailable={mode === 'mock'}
      />

      <h2 className={h2}>Frequently asked questions</h2>
      <Faq />

      <h2 className={h2}>Finding something to rent</h2>
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
