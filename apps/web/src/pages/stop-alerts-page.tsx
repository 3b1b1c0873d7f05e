import { StopAlertsScreen } from '../features/saved-searches/components/stop-alerts-screen.tsx';
import { useParams } from '../lib/router/index.ts';
import { PageMain } from '../ui/page-main.tsx';

/** /alerts/stop/:token: public, the link in every alert email. */
export function StopAlertsPage() {
  const { token = '' } = useParams();
  return (
    <PageMain className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Stop alerts · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Stop alerts</h1>
      <StopAlertsScreen key={token} token={token} />
    </PageMain>
  );
}
