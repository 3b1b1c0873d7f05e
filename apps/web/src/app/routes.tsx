import { Navigate, type RouteObject } from 'react-router';
import { CategoryPage } from '../features/browse/components/category-page.tsx';
import { ItemPopupRoute } from '../features/browse/components/item-popup-route.tsx';
import { AboutPage } from '../pages/about-page.tsx';
import { HelpPage } from '../pages/help-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { RouteError } from './route-error.tsx';

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
          { path: 'login', element: <LoginPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
