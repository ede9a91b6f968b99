import { Skeleton } from '@mantine/core';
import { type MouseEvent, type ReactNode, useMemo } from 'react';
import { Link, useScopedNavigate } from '../../components/Link.tsx';
import type { Competition, OfficialPublic, PageName } from '../../../domain/schemas/competition.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PeopleList } from '../../components/People.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { renderMarkdown } from './markdown.ts';
import { useT } from '../../i18n/locale.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { publicText, type PublicKey } from './text.ts';

/** Same-site links in page content navigate inside the app instead of reloading it. */
function useInAppLinks() {
  const navigate = useScopedNavigate();
  return (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  };
}

function MarkdownContent({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  const onClick = useInAppLinks();
  // The HTML is sanitised by renderMarkdown (DOMPurify) right above.
  return <div className="page-content" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

function ContentPage({
  page,
  extra,
}: {
  page: PageName;
  extra?: (c: Competition, t: Translate<PublicKey>) => ReactNode;
}) {
  const { competition, isPending, error, refetch } = useCompetition();
  const t = useT(publicText);
  const title = t(`page.${page}`);
  usePageTitle(title);

  let body: ReactNode;
  if (error && !competition) body = <ErrorNotice error={error} onRetry={() => void refetch()} />;
  else if (isPending || !competition)
    body = (
      <div aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={18} mb={10} />
        <Skeleton height={18} mb={10} />
        <Skeleton height={18} width="70%" />
      </div>
    );
  else {
    const source = competition.pages[page]?.trim() ?? '';
    const extraContent = extra?.(competition, t);
    body = (
      <>
        {source ? (
          <MarkdownContent source={source} />
        ) : (
          !extraContent && (
            <div className="empty-state">
              <p className="notice-text">{t(`empty.${page}`)}</p>
              <Link to="/">{t('backHome')}</Link>
            </div>
          )
        )}
        {extraContent}
      </>
    );
  }

  return (
    <article className="page">
      <h1>{title}</h1>
      {body}
    </article>
  );
}

export function DetailsPage() {
  return <ContentPage page="details" />;
}

export function RulesPage() {
  return <ContentPage page="rules" />;
}

export function VenuePage() {
  return <ContentPage page="venue" />;
}

export function ContactPage() {
  return <ContentPage page="contact" />;
}

const OFFICIAL_GROUPS: Array<{ role: OfficialPublic['role']; heading: PublicKey }> = [
  { role: 'Judge', heading: 'about.judges' },
  { role: 'Chairman', heading: 'about.chairman' },
  { role: 'Scrutineer', heading: 'about.scrutineer' },
  { role: 'Deck Captain', heading: 'about.deckCaptain' },
  { role: 'MC', heading: 'about.mc' },
];

function aboutPeople(c: Competition, t: Translate<PublicKey>) {
  if (c.organizers.length === 0 && c.officials.length === 0) return null;
  return (
    <>
      {c.organizers.length > 0 && (
        <section className="section" aria-labelledby="about-organizers">
          <h2 id="about-organizers">{t('about.organizers')}</h2>
          <PeopleList people={c.organizers} withBio />
        </section>
      )}
      {OFFICIAL_GROUPS.map(({ role, heading }) => {
        const people = c.officials.filter((o) => o.role === role);
        if (people.length === 0) return null;
        const id = `about-${role.replace(/\s+/g, '-').toLowerCase()}`;
        return (
          <section key={role} className="section" aria-labelledby={id}>
            <h2 id={id}>{t(heading)}</h2>
            <PeopleList
              people={people.map(({ id, name, bio, photoURL }) => ({ id, name, bio, photoURL }))}
              withBio
            />
          </section>
        );
      })}
    </>
  );
}

export function AboutPage() {
  return <ContentPage page="about" extra={aboutPeople} />;
}
