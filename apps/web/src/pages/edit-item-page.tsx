import { CalendarSourcesPanel } from '../features/calendar-sync/components/calendar-sources-panel.tsx';
import { EditItemScreen } from '../features/items/components/edit-item-screen.tsx';

const otherCalendars = (item: { id: string; name: string }) => <CalendarSourcesPanel items={[item]} itemId={item.id} />;

export function EditItemPage() {
  return <EditItemScreen after={otherCalendars} />;
}
