import { OpsDesk } from '../features/ops/components/ops-desk.tsx';
import { PageMain } from '../ui/page-main.tsx';

export function OpsPage() {
  return (
    <PageMain className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Operator’s desk · Toolshed</title>
      <OpsDesk />
    </PageMain>
  );
}
