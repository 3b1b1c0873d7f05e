import { MyRentalsScreen } from '../features/rentals/components/my-rentals-screen.tsx';
import { PageMain } from '../ui/page-main.tsx';

export function MyRentalsPage() {
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>My Rentals · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">My Rentals</h1>
      <MyRentalsScreen />
    </PageMain>
  );
}
