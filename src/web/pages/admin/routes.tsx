import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/chunkReload.ts';
import { requireSignIn, skipLoginWhenSignedIn } from '../../shared/session.ts';

// This module is part of the router, which every page loads: keep it to route definitions. Screens
// (and Mantine) load lazily, through lazyScreen so a stale chunk after a redeploy reloads the page once.

export const loginRoute: RouteObject = {
  path: '/login',
  handle: { name: 'login' },
  loader: skipLoginWhenSignedIn,
  lazy: lazyScreen(
    () => import('../login/LoginPage.tsx'),
    (m) => m.LoginPage,
  ),
};

export const adminRoute: RouteObject = {
  id: 'admin',
  path: '/admin',
  // The guard runs before entering /admin or any child, and again before every navigation inside it,
  // so a session that ended elsewhere (sign-out in another tab, expiry) sends the user to /login.
  loader: requireSignIn,
  shouldRevalidate: () => true,
  lazy: async () => {
    const { Component } = await lazyScreen(
      () => import('./AdminLayout.tsx'),
      (m) => m.AdminLayout,
    )();
    // Already fetched by the line above; this only picks the error page out of the same module.
    const { AdminRouteError } = await import('./AdminLayout.tsx');
    return { Component, ErrorBoundary: AdminRouteError };
  },
  children: [
    {
      index: true,
      lazy: lazyScreen(
        () => import('./DashboardPage.tsx'),
        (m) => m.DashboardPage,
      ),
    },
    {
      path: 'eventschedule',
      lazy: lazyScreen(
        () => import('./schedule/SchedulePage.tsx'),
        (m) => m.SchedulePage,
      ),
    },
    {
      path: 'competitors',
      lazy: lazyScreen(
        () => import('./competitors/CompetitorsAdminPage.tsx'),
        (m) => m.CompetitorsAdminPage,
      ),
    },
    {
      path: 'competitors/add-competitor',
      lazy: lazyScreen(
        () => import('./competitors/AddCompetitorPage.tsx'),
        (m) => m.AddCompetitorPage,
      ),
    },
    {
      path: 'officials',
      lazy: lazyScreen(
        () => import('./officials/OfficialsPage.tsx'),
        (m) => m.OfficialsPage,
      ),
    },
    {
      path: 'setup',
      lazy: lazyScreen(
        () => import('./SetupPage.tsx'),
        (m) => m.SetupPage,
      ),
    },
    {
      path: 'setup/events',
      lazy: lazyScreen(
        () => import('./events/EventsPage.tsx'),
        (m) => m.EventsPage,
      ),
    },
    {
      path: 'results',
      lazy: lazyScreen(
        () => import('./mc/McResultsPage.tsx'),
        (m) => m.McResultsPage,
      ),
    },
    {
      path: 'settings',
      lazy: lazyScreen(
        () => import('./SettingsPage.tsx'),
        (m) => m.SettingsPage,
      ),
    },
    {
      path: '*',
      lazy: lazyScreen(
        () => import('./AdminNotFound.tsx'),
        (m) => m.AdminNotFound,
      ),
    },
  ],
};

/** Staff screens that need no sign-in (spec §6). */
export const staffOpenRoutes: RouteObject[] = [
  {
    // Outside the admin guard: the scrutineer may work with their access code (spec §6); the screen
    // itself asks for it when the session is neither an admin of this competition nor its scrutineer.
    path: '/admin/scrutineer',
    handle: { name: 'scrutineerView' },
    lazy: lazyScreen(
      () => import('./scrutineer/ScrutineerPage.tsx'),
      (m) => m.ScrutineerPage,
    ),
  },
  {
    path: '/admin/deckcaptain',
    handle: { name: 'deckCaptainView' },
    lazy: lazyScreen(
      () => import('./deckcaptain/DeckCaptainPage.tsx'),
      (m) => m.DeckCaptainPage,
    ),
  },
  {
    // Open like the scrutineer's: the screen asks for the chairman's code (or an admin session).
    path: '/admin/chairman',
    handle: { name: 'chairmanView' },
    lazy: lazyScreen(
      () => import('./chairman/ChairmanPage.tsx'),
      (m) => m.ChairmanPage,
    ),
  },
  {
    // No sign-in at all: everything the MC reads is public once posted.
    path: '/admin/mc',
    handle: { name: 'mcView' },
    lazy: lazyScreen(
      () => import('./mc/McPage.tsx'),
      (m) => m.McPage,
    ),
  },
];
