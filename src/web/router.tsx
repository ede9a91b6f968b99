import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyScreen } from './components/chunkReload.ts';
import { RouteError } from './components/RouteError.tsx';
import { LoadingShell, SiteLayout } from './layout/SiteLayout.tsx';
import { adminRoute, loginRoute, staffOpenRoutes } from './pages/admin/routes.tsx';
import { laterRoutes, notFoundRoute, publicRoutes } from './pages/public/routes.tsx';

/**
 * Every route of spec §2, in history mode. Each screen loads lazily; route names live in
 * `handle.name`. Errors of a screen render inside the layout (the pathless route's error boundary).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: SiteLayout,
    HydrateFallback: LoadingShell,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...publicRoutes,
          ...laterRoutes,
          {
            // Sign-in, admin and staff screens: their chunk brings the full Mantine stylesheet.
            id: 'staff',
            lazy: lazyScreen(
              () => import('./layout/StaffArea.tsx'),
              (m) => m.default,
            ),
            children: [loginRoute, ...staffOpenRoutes, adminRoute],
          },
          notFoundRoute,
        ],
      },
    ],
  },
];

/** The app's router (history mode). Tests use `createMemoryRouter(routes)` instead. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
