import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';

/**
 * Renders `routes` in a memory router at `path`, inside `Providers`, with a fresh query client that
 * does not retry (a failed read shows its error at once).
 */
export function renderRouter(
  routes: RouteObject[],
  path: string,
  Providers: ComponentType<{ children: ReactNode; router?: ReturnType<typeof createMemoryRouter> }>,
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Providers router={router}>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
