import { AddItemScreen } from '../features/items/components/add-item-screen.tsx';

export function AddItemPage() {
  return <AddItemScreen />;
}
