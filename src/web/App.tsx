import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import {
  type ComponentType,
  type ReactNode,
  Suspense,
  lazy,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useCompetition } from './api/queries/competition.ts';
import { useLiveUpdates } from './realtime/useLiveUpdates.ts';
import { competitionTheme } from './theme/theme.ts';
import { ScopeContext, scopeOf } from './shared/competitionScope.ts';

// Only staff screens notify today: the container loads with them, and elsewhere only once something
// is to be shown, off the public path. `notifications.show()` called before it mounts is kept in the
// shared store and shown once it does.
const NotificationsHost = lazy((): Promise<{ default: ComponentType }> =>
  // A failed load (offline, redeploy) must not take the app down: no notifications then.
  import('./components/NotificationsHost.tsx').catch(() => ({ default: () => null })),
);

/** Staff screens notify; there, and on the judge's tablet (it must hold its code before going offline), load at once. */
const STAFF_PATH = /^\/(admin|login|judges)(\/|$)/;

/** What AppProviders needs of the router: where it is, and word when that changes. */
export interface RouterLocation {
  state: { location: { pathname: string } };
  subscribe: (listener: () => void) => () => void;
}

function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(() => STAFF_PATH.test(scopeOf(window.location.pathname).path));
  // Latched: once loaded, the container stays (it animates notifications out).
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

/**
 * App-wide providers. The page's competition: the key in the router's address (`/c/{key}/…`) for every
 * screen (ScopeContext), else the site's. Its colour themes Mantine, and its change feed keeps every
 * query fresh (the one place a competition's stream is opened for the whole app).
 */
export function AppProviders({ children, router }: { children: ReactNode; router?: RouterLocation }) {
  const pathname = useSyncExternalStore(
    (listener) => router?.subscribe(listener) ?? (() => {}),
    () => router?.state.location.pathname ?? window.location.pathname,
  );
  return (
    <ScopeContext.Provider value={scopeOf(pathname).key}>
      <CompetitionProviders>{children}</CompetitionProviders>
    </ScopeContext.Provider>
  );
}

function CompetitionProviders({ children }: { children: ReactNode }) {
  const { competition, key } = useCompetition();
  useLiveUpdates(key);
  const primaryColor = competition?.primaryColor;
  const { theme, cssVariablesResolver } = useMemo(() => competitionTheme(primaryColor), [primaryColor]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <LazyNotifications />
      {children}
    </MantineProvider>
  );
}
