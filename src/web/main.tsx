import './styles/mantine.ts';
import './styles/app.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { adoptBootReads } from './api/bootReads.ts';
import { ApiError } from './api/client.ts';
import { AppProviders } from './App.tsx';
import { installPreloadErrorHandler, setPendingNavigation } from './components/chunkReload.ts';
import { createAppRouter } from './router.tsx';
import { startLocale } from './i18n/locale.ts';

installPreloadErrorHandler();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The change feed invalidates what changed; this only bounds staleness if the feed is down.
      staleTime: 60_000,
      // A 4xx will not get better by asking again; network trouble and 5xx might.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
    },
  },
});
// The page's first API reads are already under way (boot.ts): the screens find them in the cache.
// Before the router starts: its first sign-in check takes the session the boot script read.
adoptBootReads(queryClient, window.__promenadeBoot);
const router = createAppRouter();
setPendingNavigation(() => {
  const next = router.state.navigation.location;
  return next ? next.pathname + next.search + next.hash : null;
});

// The reader's language (English needs no wait): the first screen's words arrive with its code.
void startLocale().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppProviders router={router}>
          <RouterProvider router={router} />
        </AppProviders>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
