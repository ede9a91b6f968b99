import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/chunkReload.ts';

/** `handle.name` is the route name of spec §2; the layout decides top bar and footer by it. */
const content = () => import('./ContentPages.tsx');

/** The public site: Competitor Info and the five content pages. */
export const publicRoutes: RouteObject[] = [
  {
    index: true,
    handle: { name: 'home' },
    lazy: lazyScreen(() => import('./HomePage.tsx'), 'default'),
  },
  { path: 'details', handle: { name: 'details' }, lazy: lazyScreen(content, (m) => m.DetailsPage) },
  { path: 'rules', handle: { name: 'rules' }, lazy: lazyScreen(content, (m) => m.RulesPage) },
  { path: 'venue', handle: { name: 'venue' }, lazy: lazyScreen(content, (m) => m.VenuePage) },
  { path: 'contact', handle: { name: 'contact' }, lazy: lazyScreen(content, (m) => m.ContactPage) },
  { path: 'about', handle: { name: 'about' }, lazy: lazyScreen(content, (m) => m.AboutPage) },
];

/** The competition day's public screens: registration, entries, competitors, results, live, marking, print. */
export const laterRoutes: RouteObject[] = [
  {
    path: 'register',
    handle: { name: 'register' },
    lazy: lazyScreen(() => import('../register/RegisterPage.tsx'), 'default'),
  },
  {
    path: 'entries',
    handle: { name: 'entries' },
    lazy: lazyScreen(() => import('../entries/EntriesPage.tsx'), 'default'),
  },
  {
    path: 'updateEntries',
    handle: { name: 'updateEntries' },
    lazy: lazyScreen(() => import('../entries/UpdateEntriesPage.tsx'), 'default'),
  },
  {
    path: 'competitors',
    handle: { name: 'competitors' },
    lazy: lazyScreen(() => import('../competitors/CompetitorsPage.tsx'), 'default'),
  },
  {
    path: 'competitors/:id',
    handle: { name: 'competitorDetails' },
    lazy: lazyScreen(() => import('../competitors/CompetitorPage.tsx'), 'default'),
  },
  {
    // A dancer across every competition of the server.
    path: 'people/:id',
    handle: { name: 'person' },
    lazy: lazyScreen(() => import('../people/PersonPage.tsx'), 'default'),
  },
  {
    path: 'results',
    handle: { name: 'results' },
    lazy: lazyScreen(() => import('../results/ResultsPage.tsx'), 'default'),
  },
  {
    path: 'results/:event',
    handle: { name: 'resultDetails' },
    lazy: lazyScreen(() => import('../results/EventResultsPage.tsx'), 'default'),
  },
  {
    path: 'judges/:judgeid',
    handle: { name: 'markentry' },
    lazy: lazyScreen(() => import('../judge/JudgePage.tsx'), 'default'),
  },
  {
    path: 'live',
    handle: { name: 'liveCompView' },
    lazy: lazyScreen(() => import('../live/LivePage.tsx'), 'default'),
  },
  {
    // The projector display of one floor or all: large type, no chrome.
    path: 'live/display',
    handle: { name: 'liveDisplay' },
    lazy: lazyScreen(() => import('../live/DisplayPage.tsx'), 'default'),
  },
  {
    path: 'live/:eventKey/:roundNumber',
    handle: { name: 'liveRoundResultView' },
    lazy: lazyScreen(() => import('../live/LiveRoundPage.tsx'), 'default'),
  },
  {
    // A team's invoice from its captain's private link (an unguessable token the organizers can revoke).
    path: 'team-invoice/:token',
    handle: { name: 'teamInvoice' },
    lazy: lazyScreen(() => import('../money/TeamInvoicePage.tsx'), 'default'),
  },
  {
    // An announcement's unsubscribe link: asks, then stops announcements to that address.
    path: 'unsubscribe',
    handle: { name: 'unsubscribe' },
    lazy: lazyScreen(() => import('../unsubscribe/UnsubscribePage.tsx'), 'default'),
  },
  {
    path: 'print-sheets',
    handle: { name: 'printSheets' },
    lazy: lazyScreen(() => import('../print/PrintSheetsPage.tsx'), 'default'),
  },
  {
    // The chairman's report on paper: the page is open, its read only for the chairman, scrutineer and
    // administrators.
    path: 'print-sheets/judging-report',
    handle: { name: 'printSheets' },
    lazy: lazyScreen(() => import('../print/JudgingReportSheet.tsx'), 'default'),
  },
  {
    // Every invoice (or those due, or the teams'), a page each: the page is open, its read only for
    // the competition's organizers.
    path: 'print-sheets/invoices',
    handle: { name: 'printSheets' },
    lazy: lazyScreen(() => import('../print/InvoicesSheet.tsx'), 'default'),
  },
  {
    // One invoice on paper: the page is open, its read only for the competition's organizers.
    path: 'print-sheets/invoices/:invoiceId',
    handle: { name: 'printSheets' },
    lazy: lazyScreen(() => import('../print/InvoiceSheet.tsx'), 'default'),
  },
];

/** The server's competitions, upcoming and past, with links to their pages and results. */
export const competitionsRoute: RouteObject = {
  path: 'competitions',
  handle: { name: 'competitionsList' },
  lazy: lazyScreen(() => import('./CompetitionsPage.tsx'), 'default'),
};

export const notFoundRoute: RouteObject = {
  path: '*',
  handle: { name: 'notFound' },
  lazy: lazyScreen(() => import('../NotFoundPage.tsx'), 'default'),
};
