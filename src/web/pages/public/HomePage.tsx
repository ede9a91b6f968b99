import { Button, Card, Group, Skeleton } from '@mantine/core';
import { Link } from '../../components/Link.tsx';
import { useCompetition } from '../../api/queries/competition.ts';
import { ErrorPage } from '../../components/Page.tsx';
import { formatDateRange, instagramUrl } from '../../components/format.ts';
import { feeNotes, registrationSummary } from '../../components/feeNotes.ts';
import { PeopleList } from '../../components/People.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { publicMenu } from '../../layout/menu.ts';
import { layoutText } from '../../layout/text.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { publicText } from './text.ts';

/** Competitor Info: what a competitor needs at a glance, on a phone. */
export default function HomePage() {
  const { competition, isPending, error, refetch } = useCompetition();
  const tl = useT(layoutText);
  const t = useT(publicText);
  const locale = useLocale();
  usePageTitle();

  if (error && !competition) {
    return <ErrorPage error={error} refetch={refetch} />;
  }
  if (isPending || !competition) return <HomeSkeleton />;

  const c = competition;
  const registration = registrationSummary(c, undefined, locale);
  const fees = registration.canRegister ? feeNotes(c, locale) : [];
  const instagram = instagramUrl(c.socials.instagram);
  const socials = [
    c.socials.website && { label: t('home.website'), href: c.socials.website },
    c.socials.facebook && { label: t('home.facebook'), href: c.socials.facebook },
    instagram && {
      label: `Instagram ${c.socials.instagram.startsWith('@') ? c.socials.instagram : '@' + c.socials.instagram}`,
      href: instagram,
    },
  ].filter((s): s is { label: string; href: string } => !!s);

  return (
    <div className="page">
      <h1>{c.fullName}</h1>
      <p className="page-lead">{formatDateRange(c.startDate, c.endDate, locale)}</p>

      <Card withBorder radius="md" padding="lg" className="registration-card">
        <p className="registration-status" data-open={registration.canRegister || undefined}>
          {registration.text}
        </p>
        {fees.length > 0 && (
          <ul className="registration-fees" aria-label={t('home.fees')}>
            {fees.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        <Group gap="sm">
          {c.resultsPageShown && (
            <Button component={Link} to="/results" size="md" className="tap">
              {t('home.seeResults')}
            </Button>
          )}
          {registration.canRegister && (
            <Button
              component={Link}
              to="/register"
              size="md"
              className="tap"
              variant={c.resultsPageShown ? 'default' : 'filled'}
            >
              {c.registrationStatus === 'closed' ? t('home.registerLate') : t('home.register')}
            </Button>
          )}
        </Group>
      </Card>

      <section className="section" aria-labelledby="more-info">
        <h2 id="more-info">{t('home.information')}</h2>
        <ul className="link-list">
          {publicMenu
            .filter((item) => item.name !== 'home')
            .map((item) => (
              <li key={item.name}>
                <Link to={item.to}>{tl(item.label)}</Link>
              </li>
            ))}
          {/* Every season on this server, with past results. */}
          <li>
            <Link to="/competitions">{t('home.allCompetitions')}</Link>
          </li>
        </ul>
      </section>

      {socials.length > 0 && (
        <section className="section" aria-labelledby="follow">
          <h2 id="follow">{t('home.follow')}</h2>
          <Group gap="sm">
            {socials.map((s) => (
              <Button
                key={s.label}
                component="a"
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                size="md"
                className="tap"
              >
                {s.label}
              </Button>
            ))}
          </Group>
        </section>
      )}

      {c.organizers.length > 0 && (
        <section className="section" aria-labelledby="organizers">
          <h2 id="organizers">{t('home.organizers')}</h2>
          <PeopleList people={c.organizers} />
        </section>
      )}
    </div>
  );
}

/** The page's shape while it loads, so nothing jumps when the data arrives. */
function HomeSkeleton() {
  const t = useT(publicText);
  return (
    <div className="page" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height={40} width="80%" mb={12} />
      <Skeleton height={24} width="60%" mb={24} />
      <Skeleton height={132} radius="md" />
    </div>
  );
}
