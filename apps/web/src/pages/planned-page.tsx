import { Link } from 'react-router';
import { SimplePage } from '../ui/page-main.tsx';

export type PlannedPageId =
  | 'checkout'
  | 'payment-selection'
  | 'payment-card'
  | 'my-items'
  | 'add-item'
  | 'edit-item'
  | 'my-rentals'
  | 'rental'
  | 'notifications'
  | 'messages';

/** Signed-in pages whose content comes in a later release: their title and what they will show. */
const PLANNED: Record<PlannedPageId, { title: string; text: string }> = {
  checkout: {
    title: 'Checkout',
    text: 'Checkout will show the items in your wheelbarrow with their dates, your details and the order summary with the 10% service fee.',
  },
  'payment-selection': { title: 'Payment method', text: 'Here you will choose how to pay for your rentals: by card.' },
  'payment-card': { title: 'Pay by card', text: 'Here you will enter your card details to pay for your rentals.' },
  'my-items': {
    title: 'My Items',
    text: 'My Items will list the tools and equipment you lend, split into those available and those currently rented, with edit and delete.',
  },
  'add-item': {
    title: 'Add an item',
    text: 'Here you will list a tool or piece of equipment: its name, description, daily rate, category, rental lengths, location and photos.',
  },
  'edit-item': { title: 'Edit item', text: 'Here you will change the details, photos and availability of one of your items.' },
  'my-rentals': {
    title: 'My Rentals',
    text: 'My Rentals will list the items you rent, split into upcoming and active rentals and past rentals.',
  },
  rental: { title: 'Rental details', text: 'This page will show one rental: the item, its dates, the cost and its status.' },
  notifications: {
    title: 'Notifications',
    text: 'Notifications will list updates about your items and your rentals, unread first.',
  },
  messages: { title: 'Messages', text: 'This page will show your conversation with the other person about this item.' },
};

export function PlannedPage({ page }: { page: PlannedPageId }) {
  const { title, text } = PLANNED[page];
  return (
    <SimplePage title={title}>
      <p>{text}</p>
      <p>This page is not available yet.</p>
      <p>
        <Link to="/category/all" className="font-medium text-emerald-800 underline underline-offset-4">
          Browse all items
        </Link>
      </p>
    </SimplePage>
  );
}
