import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/Link.tsx';
import type { FloorCouple, FloorView, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { api } from '../../../api/client.ts';
import { paths } from '../../../api/paths.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { floorQuery, roundCouplesQuery } from '../../../api/queries/rounds.ts';
import { useSchedule } from '../../../api/queries/schedule.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';
import { FloorChooser, onFollowedFloor, useFollowedFloor } from '../../../components/FloorChooser.tsx';
import { StaffAccess } from '../StaffAccess.tsx';
import {
  checkedInFeedback,
  checkInSummary,
  defaultRound,
  findCouples,
  findRounds,
  floorRounds,
  previousRoundName,
  roundLabel,
  sameRound,
  scanFeedback,
  scanOutcome,
  withPending,
  type RoundRef,
  type ScanFeedback,
} from './deckLogic.ts';
import { ScanDialog } from './ScanDialog.tsx';
import { NextRounds, OnFloor } from './FloorLists.tsx';
import { PrintHeatList } from './PrintHeatList.tsx';
import { RoundPanel } from './RoundPanel.tsx';

/** /admin/deckcaptain: line couples up, check them in, call heats. */
export function DeckCaptainPage() {
  return (
    <StaffAccess role="Deck Captain" title="Deck captain" path="/admin/deckcaptain">
      {() => <DeckCaptainScreen />}
    </StaffAccess>
  );
}

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);

function DeckCaptainScreen() {
  const { key, competition } = useCompetition();
  const floor = useQuery(floorQuery(key));
  const schedule = useSchedule({ followClock: true });
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [focusEntry, setFocusEntry] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  /** What the last refused check-in was, as the title of its error. */
  const [refused, setRefused] = useState('');
  const [scanning, setScanning] = useState(false);

  // The floor this deck captain works: only its rounds are on the lists.
  const { floor: followed, setFloor } = useFollowedFloor(competition?.floors);
  const view = useMemo(
    () =>
      floor.data && {
        onFloor: floor.data.onFloor.filter(onFollowedFloor(followed)),
        next: floor.data.next.filter(onFollowedFloor(followed)),
      },
    [floor.data, followed],
  );
  const chosenEvent = params.get('event');
  const chosen: RoundRef | null =
    chosenEvent !== null ? { eventKey: chosenEvent, roundNumber: Number(params.get('round') ?? 1) } : null;
  const rounds = useMemo(() => floorRounds(view), [view]);
  const selected = chosen ?? (view ? defaultRound(view) : null);
  const inView = rounds.find((r) => sameRound(r, selected));
  // A chosen round that left the view (posted, or further ahead) is still shown, read on its own.
  const alone = useQuery({
    ...roundCouplesQuery(key, selected),
    enabled: key !== undefined && !!view && !inView && selected !== null,
  });
  const selectedRound = inView ?? alone.data;
  const shown = selectedRound ? withPending(selectedRound, pending) : undefined;

  const select = useCallback(
    (r: RoundRef) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          out.set('event', r.eventKey);
          out.set('round', String(r.roundNumber));
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );

  const toggleCheckIn = useCommand({
    run: ({ round, couple, want }: { round: RoundCouples; couple: FloorCouple; want: boolean }) =>
      api.post(paths.eventEntry(key!, round.eventKey, couple.entryId, 'check-in'), { checkedIn: want }),
    onSuccess: (_d, { couple, want }) => {
      // Keep the confirmed value even if the refresh fails.
      const confirmed = new Map([[couple.entryId, want]]);
      queryClient.setQueryData<FloorView>(floorQuery(key).queryKey, (v) =>
        v
          ? {
              onFloor: v.onFloor.map((r) => withPending(r, confirmed)),
              next: v.next.map((r) => withPending(r, confirmed)),
            }
          : v,
      );
    },
    refresh: key ? [competitionQueryKey(key, 'events')] : [],
  });

  /**
   * One tap: shown at once (pending), confirmed by the server, undone with a word if refused. True once
   * the server confirmed.
   */
  const checkIn = async (round: RoundCouples, couple: FloorCouple): Promise<boolean> => {
    if (!key || pending.has(couple.entryId)) return false;
    const want = !couple.checkedIn;
    setPending((p) => new Map(p).set(couple.entryId, want));
    setRefused(`Couple ${couple.coupleNumber} was not ${want ? 'checked in' : 'taken off the check-in'}`);
    const done = await toggleCheckIn.run({ round, couple, want });
    setPending((p) => {
      const m = new Map(p);
      m.delete(couple.entryId);
      return m;
    });
    return done !== undefined;
  };

  // The round being worked comes first: a number typed most likely means a couple lining up for it.
  const searched = useMemo(
    () =>
      (selectedRound ? [selectedRound, ...rounds.filter((r) => !sameRound(r, selectedRound))] : rounds).map(
        (r) => withPending(r, pending),
      ),
    [rounds, selectedRound, pending],
  );
  const matches = useMemo(() => findCouples(searched, search), [searched, search]);
  // Any round on the floor or still to come, by its event's name (all of them, in running order).
  const roundsFound = useMemo(() => findRounds(rounds, search), [rounds, search]);

  /** A scanned number card: checks the couple in to the round shown (never takes a check-in back). */
  const onScan = async (text: string): Promise<ScanFeedback> => {
    const outcome = scanOutcome(text, key ?? '', shown, searched);
    if (outcome.kind !== 'checkIn') return scanFeedback(outcome);
    return (await checkIn(shown!, outcome.couple))
      ? checkedInFeedback(outcome.couple)
      : { tone: 'problem', text: `Couple ${outcome.couple.coupleNumber} was not checked in: see the screen` };
  };

  const goTo = (round: RoundRef, entryId: number) => {
    select(round);
    setFocusEntry(entryId);
  };
  const open = (round: RoundRef) => {
    select(round);
    setSearch('');
  };

  // After choosing a couple from the search, put the keyboard on its check-in button.
  useEffect(() => {
    if (focusEntry === null) return;
    const button = document.querySelector<HTMLElement>(`[data-checkin="${focusEntry}"]`);
    if (button) {
      button.focus();
      // Not every browser engine has it (jsdom in tests has not).
      if (typeof button.scrollIntoView === 'function') button.scrollIntoView({ block: 'nearest' });
      setFocusEntry(null);
    }
  }, [focusEntry, shown]);

  // Typing a couple number anywhere starts a search for it; Esc (outside a dialog) ends the search.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]') || isTyping(e.target)) return;
      if (e.key === 'Escape') {
        setSearch('');
        return;
      }
      if (!/^[0-9]$/.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      setSearch(e.key);
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const previous = selected ? previousRoundName(schedule.data?.items ?? [], selected) : undefined;

  return (
    <Box p="md">
      <Group justify="space-between" mb="sm" align="flex-end">
        <Title order={1} size="h2">
          Deck captain
        </Title>
        <Group gap="md">
          <FloorChooser floors={competition?.floors} floor={followed} onChange={setFloor} />
          <Button onClick={() => setScanning(true)} h={44}>
            Scan
          </Button>
          <Anchor component={Link} to="/print-sheets" size="sm">
            Full print sheets
          </Anchor>
        </Group>
      </Group>
      <ScanDialog
        opened={scanning}
        onClose={() => setScanning(false)}
        onCode={onScan}
        roundName={shown ? roundLabel(shown) : null}
      />
      {floor.isError && <ApiErrorAlert error={floor.error} title="The floor could not load" />}
      <CommandError command={toggleCheckIn} title={refused} />
      {!view && !floor.isError && <Skeleton h={400} aria-label="Loading the floor" />}
      {view && key && (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
            <ScrollArea.Autosize mah="calc(100vh - 130px)" type="auto" offsetScrollbars>
              <Stack gap="sm">
                <TextInput
                  ref={searchRef}
                  label="Find a couple or round"
                  placeholder="Couple number, name or event"
                  description="Or type a number anywhere on the screen"
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
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
                      {roundsFound.length || matches.length
                        ? 'Enter opens the first; Esc clears.'
                        : 'No round, and no couple on these rounds, matches.'}
                    </Text>
                    {roundsFound.length > 0 && (
                      <Paper withBorder p={4} aria-label="Rounds found" role="region">
                        {roundsFound.map((r) => (
                          <SearchHit
                            key={`${r.eventKey}-${r.roundNumber}`}
                            onClick={() => open(r)}
                            title={r.eventName}
                            detail={`${r.roundName} · ${roundStateName(r.roundState) ?? ''}${r.couplesKnown ? ` · ${checkInSummary(r)}` : ''}`}
                          />
                        ))}
                      </Paper>
                    )}
                    {matches.length > 0 && (
                      <Paper withBorder p={4} aria-label="Couples found" role="region">
                        {matches.map((m) => (
                          <SearchHit
                            key={`${m.round.eventKey}-${m.round.roundNumber}-${m.couple.entryId}`}
                            onClick={() => goTo(m.round, m.couple.entryId)}
                            title={
                              <>
                                <b>{m.couple.coupleNumber}</b> {m.couple.leadName} &amp; {m.couple.followName}
                                {m.couple.scratched
                                  ? ' (scratched)'
                                  : m.couple.checkedIn
                                    ? ' ✓ checked in'
                                    : ''}
                              </>
                            }
                            detail={`${roundLabel(m.round)}${m.round.heats > 1 && !m.couple.scratched ? ` · heat ${m.couple.heat}` : ''}`}
                          />
                        ))}
                      </Paper>
                    )}
                  </Stack>
                )}
                <Title order={2} size="h4">
                  On the floor now
                </Title>
                <OnFloor
                  rounds={view.onFloor.map((r) => withPending(r, pending))}
                  selected={selected}
                  onSelect={select}
                />
                <Group justify="space-between" align="baseline" gap="xs">
                  <Title order={2} size="h4">
                    Next
                  </Title>
                  {view.next.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {view.next.length} to start, in running order
                    </Text>
                  )}
                </Group>
                <NextRounds rounds={view.next} selected={selected} onSelect={select} />
              </Stack>
            </ScrollArea.Autosize>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
            {shown ? (
              <RoundPanel
                key={`${shown.eventKey}-${shown.roundNumber}`}
                competitionKey={key}
                round={shown}
                pending={pending}
                onCheckIn={(r, c) => void checkIn(r, c)}
                search={search}
                previousRound={previous}
                onPrint={() => window.print()}
                // The started round stays open (it moves to "On the floor"), whatever the default was.
                onStarted={select}
              />
            ) : alone.isError ? (
              <ApiErrorAlert error={alone.error} title="That round could not load" />
            ) : selected && alone.isPending && !inView ? (
              <Skeleton h={300} aria-label="Loading the round" />
            ) : (
              <Alert color="gray" title="No round to line up">
                Rounds appear here once events have rounds generated.
              </Alert>
            )}
          </Grid.Col>
        </Grid>
      )}
      {shown && (
        <PrintHeatList
          round={shown}
          competitionName={competition?.fullName}
          showFloor={(competition?.floors.length ?? 0) > 1}
        />
      )}
    </Box>
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
