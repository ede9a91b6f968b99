import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../components/Link.tsx';
import { MenuBurger, ShellButtonLink } from '../components/ShellControls.tsx';
import { useCompetition } from '../api/queries/competition.ts';
import { callToAction, publicMenu } from './menu.ts';
import { layoutText } from './text.ts';
import { useT } from '../i18n/locale.ts';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher.tsx';

function MenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT(layoutText);
  return (
    <ul>
      {publicMenu.map((item) => (
        <li key={item.name}>
          <NavLink to={item.to} end className="topbar-link" onClick={onNavigate}>
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The public top bar (spec §2): name linking home, the menu, and Register / See Results. */
export function TopBar() {
  const t = useT(layoutText);
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
            {competition?.fullName ?? (isError ? t('competition') : t('loading'))}
          </span>
        </Link>
        <nav className="topbar-nav" aria-label={t('nav.main')}>
          <MenuLinks />
        </nav>
        <LanguageSwitcher />
        <ShellButtonLink
          to={cta.to}
          className="topbar-cta"
          radius="xl"
          // Until the competition is known we do not know which button it is; keep its room.
          data-pending={competition ? undefined : true}
          aria-hidden={competition ? undefined : true}
          tabIndex={competition ? undefined : -1}
        >
          {t(cta.label)}
        </ShellButtonLink>
        <MenuBurger
          className="topbar-burger"
          opened={menuOpen}
          onClick={menu.toggle}
          color="var(--promenade-on-accent)"
          aria-label={menuOpen ? t('menu.close') : t('menu.open')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
        />
      </div>
      {menuOpen && (
        <nav id="mobile-menu" className="topbar-menu" aria-label={t('nav.menu')}>
          <MenuLinks onNavigate={menu.close} />
          <LanguageSwitcher />
        </nav>
      )}
    </header>
  );
}
