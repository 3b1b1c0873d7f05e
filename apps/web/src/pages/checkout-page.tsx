import { CheckoutScreen } from '../features/checkout/components/checkout-screen.tsx';
import { PageMain } from '../ui/page-main.tsx';

export function CheckoutPage() {
  return (
    <PageMain className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Checkout · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
      <CheckoutScreen />
    </PageMain>
  );
}
