import { MantineProvider } from '@mantine/core';
import { type ComponentType, type ReactNode, Suspense, lazy, useMemo } from 'react';
import { useCompetition } from './api/queries.ts';
import { useLiveUpdates } from './realtime/useLiveUpdates.ts';
import { competitionTheme } from './theme/theme.ts';

// Only staff screens notify today: the container loads after the first paint, off the public path.
// `notifications.show()` called before it mounts is kept in the shared store and shown once it does.
const NotificationsHost = lazy((): Promise<{ default: ComponentType }> =>
  // A failed load (offline, redeploy) must not take the app down: no notifications then.
  import('./components/NotificationsHost.tsx').catch(() => ({ default: () => null })),
);

/**
 * App-wide providers that depend on the site competition: its colour themes Mantine, and its change
 * feed keeps every query fresh (the one place the site competition's stream is opened).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { competition, key } = useCompetition();
  useLiveUpdates(key);
  const primaryColor = competition?.primaryColor;
  const { theme, cssVariablesResolver } = useMemo(() => competitionTheme(primaryColor), [primaryColor]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
