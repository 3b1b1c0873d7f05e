import { PageMain } from '../../../ui/page-main.tsx';
import { ItemForm } from './item-form.tsx';

/** /add-item */
export function AddItemScreen() {
  return (
    <PageMain className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Add an item · Toolshed</title>
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-slate-900">Add an item</h1>
      <p className="mb-8 text-slate-700">List a tool or piece of equipment for your neighbours to rent by the day.</p>
      <ItemForm mode="add" />
    </PageMain>
  );
}
