import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../components/Link.tsx';
import { MenuBurger, ShellButtonLink } from '../components/ShellControls.tsx';
import { useCompetition } from '../api/queries/competition.ts';
import { callToAction, publicMenu } from './menu.ts';

function MenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul>
      {publicMenu.map((item) => (
        <li key={item.name}>
          <NavLink to={item.to} end className="topbar-link" onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The public top bar (spec §2): name linking home, the menu, and Register / See Results. */
export function TopBar() {
  const { competition, isError } = useCompetition();
  const [menuOpen, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const cta = callToAction(competition?.resultsPageShown ?? false);

  // A new page (link, back button) closes the mobile menu.
  const closeMenu = menu.close;
  useEffect(() => closeMenu(), [pathname, closeMenu]);

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/" className="topbar-name">
          <span className="two-lines">
            {competition?.fullName ?? (isError ? 'Competition' : 'Loading...')}
          </span>
        </Link>
        <nav className="topbar-nav" aria-label="Main">
          <MenuLinks />
        </nav>
        <ShellButtonLink
          to={cta.to}
          className="topbar-cta"
          radius="xl"
          // Until the competition is known we do not know which button it is; keep its room.
          data-pending={competition ? undefined : true}
          aria-hidden={competition ? undefined : true}
          tabIndex={competition ? undefined : -1}
        >
          {cta.label}
        </ShellButtonLink>
        <MenuBurger
          className="topbar-burger"
          opened={menuOpen}
          onClick={menu.toggle}
          color="var(--promenade-on-accent)"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
        />
      </div>
      {menuOpen && (
        <nav id="mobile-menu" className="topbar-menu" aria-label="Menu">
          <MenuLinks onNavigate={menu.close} />
        </nav>
      )}
    </header>
  );
}
