import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/chunkReload.ts';
import { requireSignIn, skipLoginWhenSignedIn } from '../../shared/session.ts';

// This module is part of the router, which every page loads: keep it to route definitions. Screens
// (and Mantine) load lazily, through lazyScreen so a stale chunk after a redeploy reloads the page once.

export const loginRoute: RouteObject = {
  path: 'login',
  handle: { name: 'login' },
  loader: skipLoginWhenSignedIn,
  lazy: lazyScreen(() => import('../login/LoginPage.tsx'), 'LoginPage'),
};

export const adminRoute: RouteObject = {
  id: 'admin',
  path: 'admin',
  // The guard runs before entering /admin or any child, and again before every navigation inside it,
  // so a session that ended elsewhere (sign-out in another tab, expiry) sends the user to /login. An
  // admin account opens every child; an official's access code only their own screen (scrutineer).
  loader: requireSignIn,
  shouldRevalidate: () => true,
  // Only its error page: the screens bring their own layout (the admin shell, or the scrutineer's).
  lazy: async () => {
    const { Component: ErrorBoundary } = await lazyScreen(
      () => import('./AdminRouteError.tsx'),
      'AdminRouteError',
    )();
    return { ErrorBoundary };
  },
  children: [
    {
      // Full width, without the admin navigation: the scrutineer may be an official with a code.
      path: 'scrutineer',
      handle: { name: 'scrutineerView' },
      lazy: lazyScreen(() => import('./scrutineer/ScrutineerPage.tsx'), 'ScrutineerPage'),
    },
    {
      id: 'adminShell',
      lazy: lazyScreen(() => import('./AdminLayout.tsx'), 'AdminLayout'),
      children: [
        {
          index: true,
          lazy: lazyScreen(() => import('./DashboardPage.tsx'), 'DashboardPage'),
        },
        {
          path: 'competitions',
          lazy: lazyScreen(() => import('./competitions/CompetitionsAdminPage.tsx'), 'CompetitionsAdminPage'),
        },
        {
          path: 'eventschedule',
          lazy: lazyScreen(() => import('./schedule/SchedulePage.tsx'), 'SchedulePage'),
        },
        {
          path: 'competitors',
          lazy: lazyScreen(() => import('./competitors/CompetitorsAdminPage.tsx'), 'CompetitorsAdminPage'),
        },
        {
          path: 'competitors/add-competitor',
          lazy: lazyScreen(() => import('./competitors/AddCompetitorPage.tsx'), 'AddCompetitorPage'),
        },
        {
          // People across competitions: site administrators.
          path: 'people',
          lazy: lazyScreen(() => import('./people/PeoplePage.tsx'), 'PeoplePage'),
        },
        {
          path: 'messages',
          lazy: lazyScreen(() => import('./messages/MessagesPage.tsx'), 'MessagesPage'),
        },
        {
          path: 'money',
          lazy: lazyScreen(() => import('./money/MoneyPage.tsx'), 'MoneyPage'),
        },
        {
          path: 'money/invoices/:invoiceId',
          lazy: lazyScreen(() => import('./money/InvoicePage.tsx'), 'InvoicePage'),
        },
        {
          path: 'officials',
          lazy: lazyScreen(() => import('./officials/OfficialsPage.tsx'), 'OfficialsPage'),
        },
        {
          path: 'setup',
          lazy: lazyScreen(() => import('./SetupPage.tsx'), 'SetupPage'),
        },
        {
          path: 'setup/events',
          lazy: lazyScreen(() => import('./events/EventsPage.tsx'), 'EventsPage'),
        },
        {
          path: 'results',
          lazy: lazyScreen(() => import('./mc/McResultsPage.tsx'), 'McResultsPage'),
        },
        {
          path: 'settings',
          lazy: lazyScreen(() => import('./SettingsPage.tsx'), 'SettingsPage'),
        },
        {
          path: 'messages',
          lazy: lazyScreen(() => import('./messages/MessagesPage.tsx'), 'MessagesPage'),
        },
        {
          path: '*',
          lazy: lazyScreen(() => import('./AdminNotFound.tsx'), 'AdminNotFound'),
        },
      ],
    },
  ],
};

/** Staff screens that need no sign-in (spec §6). */
export const staffOpenRoutes: RouteObject[] = [
  {
    path: 'admin/deckcaptain',
    handle: { name: 'deckCaptainView' },
    lazy: lazyScreen(() => import('./deckcaptain/DeckCaptainPage.tsx'), 'DeckCaptainPage'),
  },
  {
    // Open: the screen asks for the chairman's code (or an admin session).
    path: 'admin/chairman',
    handle: { name: 'chairmanView' },
    lazy: lazyScreen(() => import('./chairman/ChairmanPage.tsx'), 'ChairmanPage'),
  },
  {
    // Open like the chairman's screen; the report itself is read only with the chairman's code or
    // an administrator's session.
    path: 'admin/chairman/judging-report',
    handle: { name: 'judgingReportView' },
    lazy: lazyScreen(() => import('./chairman/JudgingReportPage.tsx'), 'JudgingReportPage'),
  },
  {
    // No sign-in at all: everything the MC reads is public once posted.
    path: 'admin/mc',
    handle: { name: 'mcView' },
    lazy: lazyScreen(() => import('./mc/McPage.tsx'), 'McPage'),
  },
];
