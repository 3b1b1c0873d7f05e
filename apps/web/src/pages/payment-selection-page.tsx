import { PaymentSelection } from '../features/payment/components/payment-selection.tsx';
import { PageMain } from '../ui/page-main.tsx';

export function PaymentSelectionPage() {
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Payment method · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Payment method</h1>
      <PaymentSelection />
    </PageMain>
  );
}
