import { EditItemScreen } from '../features/items/components/edit-item-screen.tsx';

export function EditItemPage() {
  return <EditItemScreen />;
}
