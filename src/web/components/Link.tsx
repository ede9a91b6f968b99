/**
 * The app's links and navigation: React Router's, with every app path (`/results`, `/admin/setup`)
 * kept at the page's competition's address (`/c/vss24/results`) when the page is at one
 * (shared/competitionScope.ts). Lint refuses React Router's own Link and NavLink elsewhere.
 */
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  useNavigate,
  type LinkProps,
  type NavLinkProps,
  type NavigateOptions,
  type To,
} from 'react-router';
import { useCallback } from 'react';
import { useScopedPath } from '../shared/competitionScope.ts';

export function Link({ to, ...props }: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const scoped = useScopedPath();
  return <RouterLink to={typeof to === 'string' ? scoped(to) : to} {...props} />;
}

export function NavLink({ to, ...props }: NavLinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const scoped = useScopedPath();
  return <RouterNavLink to={typeof to === 'string' ? scoped(to) : to} {...props} />;
}

/** `useNavigate`, keeping app paths at the page's competition's address. */
export function useScopedNavigate(): (to: To, options?: NavigateOptions) => Promise<void> | void {
  const navigate = useNavigate();
  const scoped = useScopedPath();
  return useCallback(
    (to: To, options?: NavigateOptions) => navigate(typeof to === 'string' ? scoped(to) : to, options),
    [navigate, scoped],
  );
}
