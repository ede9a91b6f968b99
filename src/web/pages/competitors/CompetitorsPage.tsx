import '../register/mantineStyles.ts';
import { SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from '../../components/Link.tsx';
import { ErrorPage } from '../../components/Page.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useCompetitors } from '../../api/queries/registrations.ts';
import {
  FilteredList,
  NameSearch,
  TeamFilter,
  teamChoices,
  useNameAndTeam,
} from '../entries/ListFilters.tsx';
import '../entries/entries.css';
import { useT } from '../../i18n/locale.ts';
import { competitorsText } from './text.ts';

/** /competitors: every competitor with team and events. */
export default function CompetitorsPage() {
  const t = useT(competitorsText);
  usePageTitle(t('title'));
  const { competitors, error, refetch } = useCompetitors();
  const { search, setSearch, team, setTeam, matches } = useNameAndTeam();
  const teams = useMemo(() => teamChoices((competitors ?? []).map((c) => c.affiliation)), [competitors]);
  const shown = (competitors ?? []).filter(
    (c) => c.entries.length > 0 && matches(c.name, c.affiliation, c.number),
  );

  if (error && !competitors) return <ErrorPage error={error} refetch={refetch} />;
  return (
    <div className="page">
      <h1>{t('title')}</h1>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mb="lg">
        <NameSearch value={search} onChange={setSearch} />
        <TeamFilter teams={teams} value={team} onChange={setTeam} />
      </SimpleGrid>
      <FilteredList loading={!competitors} matched={shown.length > 0} noMatch={t('noMatch')}>
        <ul className="entries-list" aria-label={t('title')}>
          {shown.map((c) => (
            <li key={c.id}>
              <span className="entries-number">{c.number ?? ''}</span>
              <span className="entries-names">
                <Link to={`/competitors/${c.id}`}>{c.name}</Link>
                <span className="entries-team">
                  {c.affiliation} · {t('events', { count: c.entries.length })}:{' '}
                  {c.entries.map((e) => e.eventName).join(', ')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </FilteredList>
    </div>
  );
}
