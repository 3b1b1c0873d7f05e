import { OwnerScreen } from '../features/owners/components/owner-screen.tsx';
import { OwnerItemPopup } from './owner-item-popup.tsx';

/** /owner/:ownerId */
export function OwnerPage() {
  return <OwnerScreen view="overview" itemPopup={<OwnerItemPopup />} />;
}

/** /owner/:ownerId/items */
export function OwnerItemsPage() {
  return <OwnerScreen view="items" itemPopup={<OwnerItemPopup />} />;
}
