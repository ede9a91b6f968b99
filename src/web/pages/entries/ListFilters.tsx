import { Badge, NativeSelect, Select, Skeleton, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { normalizeName } from '../../../domain/entries.ts';
import { coupleMatcher } from '../../components/coupleSearch.ts';
import { textValue } from '../../components/textValue.ts';
import { useT } from '../../i18n/locale.ts';
import { entriesText } from './text.ts';

/** The search text and team chosen on a public list, and whether a couple or competitor fits them. */
export function useNameAndTeam() {
  const [search, setSearch] = useState('');
  const [team, setTeam] = useState<string | null>(null);
  const fits = coupleMatcher(search);
  /** Names and team contain the search, or the number is it; and the team is the one chosen. */
  const matches = (names: string, affiliation: string, number: number | null | undefined) =>
    (!team || affiliation === team) && fits(names, affiliation, number);
  return { search, setSearch, team, setTeam, filtering: Boolean(normalizeName(search) || team), matches };
}

/** The teams a list can be narrowed to: each once, in alphabetical order, no blank. */
export const teamChoices = (affiliations: string[]) => [...new Set(affiliations)].filter(Boolean).sort();

/** What a public list shows under its filters: a placeholder while it loads, a line when nothing matches, else the list. */
export function FilteredList({
  loading,
  matched,
  noMatch,
  children,
}: {
  loading: boolean;
  matched: boolean;
  noMatch: string;
  children: ReactNode;
}) {
  if (loading) return <Skeleton height={240} />;
  if (!matched) return <p className="empty-state">{noMatch}</p>;
  return children;
}

/** The free-text search over names, numbers and teams on the public lists. */
export function NameSearch({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT(entriesText);
  return (
    <TextInput
      label={t('search')}
      placeholder={t('search.placeholder')}
      size="md"
      type="search"
      {...textValue(value, onChange)}
    />
  );
}

/** Narrows a public list to one of `options` (a style, a level); the empty choice, `all`, means all. */
export function OptionFilter({
  label,
  all,
  options,
  value,
  onChange,
}: {
  label: string;
  all: string;
  options: (string | { value: string; label: string })[];
  value: string | null;
  onChange: (option: string | null) => void;
}) {
  return (
    <NativeSelect
      label={label}
      size="md"
      data={[{ value: '', label: all }, ...options]}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  );
}

/** Narrows a public list to one team; cleared means all teams. */
export function TeamFilter({
  teams,
  value,
  onChange,
}: {
  teams: string[];
  value: string | null;
  onChange: (team: string | null) => void;
}) {
  const t = useT(entriesText);
  return (
    <Select
      label={t('team')}
      placeholder={t('team.all')}
      size="md"
      clearable
      searchable
      data={teams}
      value={value}
      onChange={onChange}
    />
  );
}

/** Marks an entry withdrawn from its event; the entry stays listed. */
export function ScratchedBadge() {
  const t = useT(entriesText);
  return (
    <Badge color="gray" variant="light">
      {t('scratched')}
    </Badge>
  );
}
