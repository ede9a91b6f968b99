import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';
import { layoutText } from './text.ts';
import { useT } from '../i18n/locale.ts';
import { isFooterVisible, isTopBarVisible, routeNameOf } from './visibility.ts';

/** The frame of every screen: top bar and footer where spec §2 shows them, the screen in between. */
export function SiteLayout() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const routeName = routeNameOf(matches);
  const t = useT(layoutText);

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      {navigation.state === 'loading' && (
        <div className="nav-progress" role="progressbar" aria-label={t('loadingPage')} />
      )}
      {isTopBarVisible(routeName, pathname) && <TopBar />}
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      {isFooterVisible(routeName, pathname) && <Footer />}
      <ScrollRestoration />
    </div>
  );
}

/** Shown while the first screen's code loads: the top bar's room with "Loading...", as in index.html. */
export function LoadingShell() {
  const t = useT(layoutText);
  return (
    <div className="site">
      <div className="topbar">
        <div className="topbar-inner">
          <span className="topbar-name">
            <span className="two-lines">{t('loading')}</span>
          </span>
        </div>
      </div>
    </div>
  );
}
