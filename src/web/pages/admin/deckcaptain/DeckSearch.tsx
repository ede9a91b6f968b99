import { Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { roundStateName } from '../../../shared/roundStates.ts';
import { checkInSummary, roundLabel, type CoupleMatch, type RoundRef } from './deckLogic.ts';
import type { RoundCouples } from '../../../../domain/schemas/floor.ts';
import { textValue } from '../../../components/textValue.ts';
import { useDeckWords } from './words.ts';
import { roundStateLabel } from './words.ts';

/** The deck captain's search: a couple by number or name, a round by its event's name. */
export function DeckSearch({
  searchRef,
  search,
  setSearch,
  roundsFound,
  matches,
  open,
  goTo,
}: {
  searchRef: RefObject<HTMLInputElement | null>;
  search: string;
  setSearch: (search: string) => void;
  roundsFound: RoundCouples[];
  matches: CoupleMatch[];
  open: (round: RoundRef) => void;
  goTo: (round: RoundRef, entryId: number) => void;
}) {
  const words = useDeckWords();
  const { t } = words;
  return (
    <>
      <TextInput
        ref={searchRef}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        description={t('search.description')}
        {...textValue(search, setSearch)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setSearch('');
          if (e.key !== 'Enter') return;
          const round = roundsFound[0];
          const first = matches[0];
          if (round || first) e.preventDefault();
          if (round) open(round);
          else if (first) goTo(first.round, first.couple.entryId);
        }}
        type="search"
        aria-describedby="deck-search-help"
      />
      {search.trim() && (
        <Stack gap={4}>
          <Text id="deck-search-help" size="xs" c="dimmed" px={4}>
            {roundsFound.length || matches.length ? t('search.help') : t('search.none')}
          </Text>
          {roundsFound.length > 0 && (
            <Paper withBorder p={4} aria-label={t('search.rounds')} role="region">
              {roundsFound.map((r) => (
                <SearchHit
                  key={`${r.eventKey}-${r.roundNumber}`}
                  onClick={() => open(r)}
                  title={r.eventName}
                  detail={`${words.round(r.roundName)} · ${roundStateLabel(t, roundStateName(r.roundState))}${r.couplesKnown ? ` · ${checkInSummary(r, words)}` : ''}`}
                />
              ))}
            </Paper>
          )}
          {matches.length > 0 && (
            <Paper withBorder p={4} aria-label={t('search.couples')} role="region">
              {matches.map((m) => (
                <SearchHit
                  key={`${m.round.eventKey}-${m.round.roundNumber}-${m.couple.entryId}`}
                  onClick={() => goTo(m.round, m.couple.entryId)}
                  title={
                    <>
                      <b>{m.couple.coupleNumber}</b> {m.couple.leadName} &amp; {m.couple.followName}
                      {m.couple.scratched
                        ? ` (${t('search.scratched')})`
                        : m.couple.checkedIn
                          ? ` ✓ ${t('search.checkedIn')}`
                          : ''}
                    </>
                  }
                  detail={`${roundLabel(m.round, words)}${m.round.heats > 1 && !m.couple.scratched ? ` · ${t('search.heat', { heat: m.couple.heat })}` : ''}`}
                />
              ))}
            </Paper>
          )}
        </Stack>
      )}
    </>
  );
}

/** One line of the search results: a round or a couple to open. */
function SearchHit({ onClick, title, detail }: { onClick: () => void; title: ReactNode; detail: string }) {
  return (
    <UnstyledButton
      onClick={onClick}
      px={4}
      py={6}
      w="100%"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text size="sm">{title}</Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </UnstyledButton>
  );
}
