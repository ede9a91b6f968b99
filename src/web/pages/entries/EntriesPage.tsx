import '../register/mantineStyles.ts';
import { Alert, Loader, SimpleGrid, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from '../../components/Link.tsx';
import { useEvents } from '../../api/queries/events.ts';
import { ErrorPage } from '../../components/Page.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { groupEvents } from '../register/eventGroups.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { EmailMeALink } from './EmailMeALink.tsx';
import { useOpenLink } from './openLink.ts';
import {
  FilteredList,
  NameSearch,
  OptionFilter,
  ScratchedBadge,
  TeamFilter,
  teamChoices,
  useNameAndTeam,
} from './ListFilters.tsx';
import './entries.css';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import { entriesText } from './text.ts';

/**
 * /entries: every event with its couples; search by name, number or team; filter by style, level, team.
 * `?open=<token>` (the link in a couple's email) opens their registration on /updateEntries.
 */
export default function EntriesPage() {
  const t = useT(entriesText);
  const ts = useT(sportText);
  usePageTitle(t('title'));
  const { key } = useCompetition();
  const link = useOpenLink(key);
  const { events, error, refetch } = useEvents();
  const { search, setSearch, team, setTeam, filtering, matches } = useNameAndTeam();
  const [style, setStyle] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);

  const all = useMemo(() => events ?? [], [events]);
  const styles = useMemo(() => groupEvents(all).map((g) => g.style), [all]);
  const levels = useMemo(
    () => [...new Set(groupEvents(all).flatMap((g) => g.levels.map((l) => l.level)))],
    [all],
  );
  const teams = useMemo(() => teamChoices(all.flatMap((e) => e.entries.map((x) => x.affiliation))), [all]);

  const shown = all
    .filter((e) => (!style || e.style === style) && (!level || e.level === level))
    .map((e) => ({
      ...e,
      entries: e.entries.filter((x) => matches(`${x.leadName} ${x.followName}`, x.affiliation, x.leadNumber)),
    }))
    .filter((e) => e.entries.length > 0 || !filtering);

  if (link.opening)
    return (
      <div className="page">
        <h1>{t('title')}</h1>
        <Text role="status">
          <Loader size="sm" mr="sm" />
          {t('opening')}
        </Text>
      </div>
    );
  if (error && !events) return <ErrorPage error={error} refetch={refetch} />;

  return (
    <div className="page">
      <h1>{t('title')}</h1>
      <p className="page-lead">
        {t('lead')} <Link to="/updateEntries">{t('lead.change')}</Link>.
      </p>
      {link.refused && (
        <Alert color="red" variant="light" title={t('refused')} role="alert" mb="md">
          {link.refused}
        </Alert>
      )}
      {key && (
        <div className="entries-recover">
          <EmailMeALink competitionKey={key} />
        </div>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mb="lg">
        <NameSearch value={search} onChange={setSearch} />
        <OptionFilter
          label={t('style')}
          all={t('style.all')}
          options={styles.map((s) => ({ value: s, label: styleLabel(ts, s) }))}
          value={style}
          onChange={setStyle}
        />
        <OptionFilter
          label={t('level')}
          all={t('level.all')}
          options={levels}
          value={level}
          onChange={setLevel}
        />
        <TeamFilter teams={teams} value={team} onChange={setTeam} />
      </SimpleGrid>
      <FilteredList loading={!events} matched={shown.length > 0} noMatch={t('noMatch')}>
        {shown.map((e) => (
          <section key={e.key} className="entries-event" aria-label={e.name}>
            <h2>
              {e.name}{' '}
              <span className="entries-count">
                {t('couples', { count: e.entries.filter((x) => !x.scratched).length })}
              </span>
            </h2>
            <p className="entries-dances">{e.dances.map((d) => danceLabel(ts, d)).join(' · ')}</p>
            {e.entries.length === 0 ? (
              <p className="entries-none">{t('noCouples')}</p>
            ) : (
              <ul className="entries-list">
                {e.entries.map((x) => (
                  <li key={x.id} className={x.scratched ? 'entries-scratched' : undefined}>
                    <span className="entries-number">{x.leadNumber}</span>
                    <span className="entries-names">
                      {x.leadId ? <Link to={`/competitors/${x.leadId}`}>{x.leadName}</Link> : x.leadName}{' '}
                      &amp;{' '}
                      {x.followId ? (
                        <Link to={`/competitors/${x.followId}`}>{x.followName}</Link>
                      ) : (
                        x.followName
                      )}
                      <span className="entries-team">{x.affiliation}</span>
                    </span>
                    {x.scratched && <ScratchedBadge />}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </FilteredList>
    </div>
  );
}
