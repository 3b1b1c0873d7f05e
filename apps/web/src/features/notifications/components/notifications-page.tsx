import { PageMain } from '../../../ui/page-main.tsx';
import { NotificationsScreen } from './notifications-screen.tsx';

export function NotificationsPage() {
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Notifications · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Notifications</h1>
      <NotificationsScreen />
    </PageMain>
  );
}
