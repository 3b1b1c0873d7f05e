const QUESTIONS: readonly { q: string; a: string }[] = [
  {
    q: 'Do I need an account to look around?',
    a: 'No. Anyone can browse every category and see each item’s price, location and free dates. You need an account to rent or to lend.',
  },
  {
    q: 'How does renting work?',
    a: 'Open an item, choose the first and last day you need it, and add it to your wheelbarrow. At checkout you pay by card for everything in the wheelbarrow at once. A rental counts both its first and its last day.',
  },
  {
    q: 'What does renting cost?',
    a: 'The owner’s daily rate times the number of days, plus a 10% service fee on that amount. You see the full total before you pay.',
  },
  {
    q: 'Can I cancel a rental?',
    a: 'Yes, before its start date. The amount you paid goes back to your Toolshed balance.',
  },
  {
    q: 'How do I lend my own tools?',
    a: 'Sign up, then add an item from My Items: a name, a description, a daily rate, the shortest and longest rental you accept, where it can be collected and a few photos.',
  },
  {
    q: 'When do I get paid for lending?',
    a: 'The rental amount is added to your balance as a pending credit when someone books, and becomes available to withdraw once the item has been returned. The service fee is Toolshed’s.',
  },
];

/** Short answers about renting and lending; <details> keeps them keyboard- and screen-reader-friendly. */
export function Faq() {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {QUESTIONS.map(({ q, a }) => (
        <details key={q} className="group px-4 py-3">
          <summary className="cursor-pointer rounded font-medium text-slate-900">{q}</summary>
          <p className="mt-2 text-slate-700">{a}</p>
        </details>
      ))}
    </div>
  );
}
