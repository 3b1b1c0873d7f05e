const QUESTIONS: readonly { q: string; a: string }[] = [
  {
    q: 'Do I need an account to look around?',
    a: 'No. Anyone can browse every category and see each item’s price, town, approximate area and free dates. You need an account to rent or to lend.',
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
    a: 'Yes, until the day before its start date: open it from My Rentals and choose Cancel rental. Everything you paid for it, the rental and its share of the service fee, goes back to the card you paid with (refunds usually reach your card in 5-10 working days); anything you paid from your Toolshed balance goes back to the balance at once. Each item of an order can be cancelled on its own. An owner can also decline a booking before its start date, with a reason; you get the same refund.',
  },
  {
    q: 'Who sees where an item is, and my details?',
    a: 'Before booking, everyone sees only the town, the postcode district and an approximate area on the map, never the street address. Once you have booked, the rental’s page shows you the full address and the owner’s contact details, and the owner sees your name and contact details for that rental.',
  },
  {
    q: 'How do reviews work?',
    a: 'Once an item has been returned, the renter rates the owner and the item, and the owner rates the renter: once each, from half a star to five stars, with an optional comment of up to 1,000 characters. A review stays hidden until the other side has reviewed too, or until 14 days after the return, so neither can answer the other’s review. A person’s rating is the average of the visible reviews they received.',
  },
  {
    q: 'How do I lend my own tools?',
    a: 'Sign up, then add an item from My Items: a name, a description, a daily rate, the shortest and longest rental you accept, where it can be collected and a few photos.',
  },
  {
    q: 'When do I get paid for lending?',
    a: 'The rental amount is added to your balance as a pending credit when someone books, and becomes available to withdraw once you mark the item returned. If a booking is cancelled before it starts, that pending credit is removed. The service fee is Toolshed’s.',
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
