import { useSearchParams } from '../lib/router/index.ts';
import { PaymentSuccess } from '../features/payment/components/payment-success.tsx';
import { PageMain } from '../ui/page-main.tsx';

/** /payment-success?order={orderId}, where the card form goes once the payment is confirmed. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  return (
    <PageMain className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PaymentSuccess orderId={params.get('order') ?? ''} />
    </PageMain>
  );
}
