import { OwnerScreen } from '../features/owners/components/owner-screen.tsx';

/** /owner/:ownerId */
export function OwnerPage() {
  return <OwnerScreen view="overview" />;
}

/** /owner/:ownerId/items */
export function OwnerItemsPage() {
  return <OwnerScreen view="items" />;
}
