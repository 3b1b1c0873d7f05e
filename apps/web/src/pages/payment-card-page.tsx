import { CardPaymentScreen } from '../features/payment/components/card-payment-screen.tsx';
import { PageMain } from '../ui/page-main.tsx';

export function PaymentCardPage() {
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Pay by card · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Pay by card</h1>
      <CardPaymentScreen />
    </PageMain>
  );
}
