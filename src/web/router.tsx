import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyScreen } from './components/chunkReload.ts';
import { RouteError } from './components/RouteError.tsx';
import { LoadingShell, SiteLayout } from './layout/SiteLayout.tsx';
import { adminRoute, loginRoute, staffOpenRoutes } from './pages/admin/routes.tsx';
import { competitionsRoute, laterRoutes, notFoundRoute, publicRoutes } from './pages/public/routes.tsx';
import { SCOPED_ROUTE_ID } from './shared/session.ts';

/** Every screen of a competition, with their ids prefixed by `idPrefix` (ids are unique in a router). */
function competitionRoutes(idPrefix: string): RouteObject[] {
  const screens: RouteObject[] = [
    ...publicRoutes,
    ...laterRoutes,
    competitionsRoute,
    {
      // Sign-in, admin and staff screens: their chunk brings the full Mantine stylesheet.
      id: 'staff',
      lazy: lazyScreen(
        () => import('./layout/StaffArea.tsx'),
        (m) => m.default,
      ),
      children: [loginRoute, ...staffOpenRoutes, adminRoute],
    },
  ];
  const prefixed = (list: RouteObject[]): RouteObject[] =>
    list.map((r) => ({
      ...r,
      ...(r.id ? { id: idPrefix + r.id } : {}),
      ...(r.children ? { children: prefixed(r.children) } : {}),
    })) as RouteObject[];
  return prefixed(screens);
}

/**
 * Every route of spec §2, in history mode, for the competition served at `/`; and the same tree under
 * `/c/:competitionKey` for every other competition (`/c/vss24/results`,
 * `/c/vss24/admin/scrutineer`), the key read from the address by shared/competitionScope.ts. Each
 * screen loads lazily; route names live in `handle.name`. Errors of a screen render inside the layout
 * (the pathless route's error boundary).
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
          ...competitionRoutes(''),
          { path: 'c/:competitionKey', children: [...competitionRoutes(SCOPED_ROUTE_ID), notFoundRoute] },
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
