import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from '../lib/router/index.ts';
import { CategoryPage } from '../features/browse/components/category-page.tsx';
import { ItemPopupRoute } from '../pages/item-popup-route.tsx';
import { RequireAuth, RequireAuthOrSample } from '../features/auth/require-auth.tsx';
import { PageMain } from '../ui/page-main.tsx';
import { StatusMessage } from '../ui/status-views.tsx';
import { AppLayout } from './app-layout.tsx';
import { RouteError } from './route-error.tsx';

function PageLoading() {
  return (
    <PageMain className="mx-auto max-w-7xl px-4 sm:px-6">
      <StatusMessage>Loading...</StatusMessage>
    </PageMain>
  );
}

/**
 * Every page but the category screen is its own chunk, so the first visit to /category/all only
 * downloads what browsing needs. A failed chunk download reaches the route's error boundary.
 */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Last resort if the layout itself fails; the inner boundary keeps header and footer.
    errorElement: <RouteError bare />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/category/all" replace /> },
          {
            path: 'category/:categoryId',
            element: <CategoryPage />,
            children: [{ path: 'item/:itemId', element: <ItemPopupRoute /> }],
          },
          { path: 'login', element: lazyPage(() => import('../pages/login-page.tsx').then((m) => m.LoginPage)) },
          { path: 'auth/callback', element: lazyPage(() => import('../pages/auth-callback-page.tsx').then((m) => m.AuthCallbackPage)) },
          {
            path: 'forgot-password',
            element: lazyPage(() => import('../pages/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage)),
          },
          { path: 'reset-password', element: lazyPage(() => import('../pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage)) },
          { path: 'help', element: lazyPage(() => import('../pages/help-page.tsx').then((m) => m.HelpPage)) },
          { path: 'about', element: lazyPage(() => import('../pages/about-page.tsx').then((m) => m.AboutPage)) },
          { path: 'owner/:ownerId', element: lazyPage(() => import('../pages/owner-page.tsx').then((m) => m.OwnerPage)) },
          {
            path: 'alerts/stop/:token',
            element: lazyPage(() => import('../pages/stop-alerts-page.tsx').then((m) => m.StopAlertsPage)),
          },
          { path: 'owner/:ownerId/items', element: lazyPage(() => import('../pages/owner-page.tsx').then((m) => m.OwnerItemsPage)) },
          {
            // Login-only, except in Mock Data mode, where they show sample data read-only.
            element: <RequireAuthOrSample />,
            children: [
              // Before the post's own address, which would read 'new' as a post.
              { path: 'wanted/new', element: lazyPage(() => import('../pages/wanted-new-page.tsx').then((m) => m.WantedNewPage)) },
              { path: 'my-wanted', element: lazyPage(() => import('../pages/my-wanted-page.tsx').then((m) => m.MyWantedPage)) },
              { path: 'saved', element: lazyPage(() => import('../pages/saved-page.tsx').then((m) => m.SavedPage)) },
              { path: 'wanted', element: lazyPage(() => import('../pages/wanted-page.tsx').then((m) => m.WantedPage)) },
              { path: 'wanted/:postId', element: lazyPage(() => import('../pages/wanted-post-page.tsx').then((m) => m.WantedPostPage)) },
              {
                path: 'saved-searches',
                element: lazyPage(() => import('../pages/saved-searches-page.tsx').then((m) => m.SavedSearchesPage)),
              },
            ],
          },
          {
            // The spec's login-only routes: signed-out visitors sign in first, then return here.
            element: <RequireAuth />,
            children: [
              { path: 'profile', element: lazyPage(() => import('../pages/profile-page.tsx').then((m) => m.ProfilePage)) },
              { path: 'checkout', element: lazyPage(() => import('../pages/checkout-page.tsx').then((m) => m.CheckoutPage)) },
              {
                path: 'payment-selection',
                element: lazyPage(() => import('../pages/payment-selection-page.tsx').then((m) => m.PaymentSelectionPage)),
              },
              { path: 'payment/card', element: lazyPage(() => import('../pages/payment-card-page.tsx').then((m) => m.PaymentCardPage)) },
              {
                // The simulated card issuer's 3-D Secure page (its test page), which returns to payment/card.
                path: 'bank/challenge/:attemptId',
                element: lazyPage(() => import('../pages/bank-challenge-page.tsx').then((m) => m.BankChallengePage)),
              },
              {
                path: 'payment-success',
                element: lazyPage(() => import('../pages/payment-success-page.tsx').then((m) => m.PaymentSuccessPage)),
              },
              { path: 'my-items', element: lazyPage(() => import('../pages/my-items-page.tsx').then((m) => m.MyItemsPage)) },
              { path: 'add-item', element: lazyPage(() => import('../pages/add-item-page.tsx').then((m) => m.AddItemPage)) },
              { path: 'edit-item/:itemId?', element: lazyPage(() => import('../pages/edit-item-page.tsx').then((m) => m.EditItemPage)) },
              { path: 'ops', element: lazyPage(() => import('../pages/ops-page.tsx').then((m) => m.OpsPage)) },
              { path: 'my-rentals', element: lazyPage(() => import('../pages/my-rentals-page.tsx').then((m) => m.MyRentalsPage)) },
              { path: 'rentals/:rentalId', element: lazyPage(() => import('../pages/rental-page.tsx').then((m) => m.RentalPage)) },
              {
                path: 'notifications',
                element: lazyPage(() =>
                  import('../features/notifications/components/notifications-page.tsx').then((m) => m.NotificationsPage),
                ),
              },
              {
                path: 'item/:itemId/messages',
                element: lazyPage(() => import('../features/messages/components/messages-page.tsx').then((m) => m.MessagesPage)),
              },
            ],
          },
          { path: '*', element: lazyPage(() => import('../pages/not-found-page.tsx').then((m) => m.NotFoundPage)) },
        ],
      },
    ],
  },
];
