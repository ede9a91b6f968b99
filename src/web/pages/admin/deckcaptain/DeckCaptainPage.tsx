import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/Link.tsx';
import { useCompetition } from '../../../api/queries/competition.ts';
import { checkInBalancesQuery, floorQuery, roundCouplesQuery } from '../../../api/queries/rounds.ts';
import { useSchedule } from '../../../api/queries/schedule.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { FloorChooser, onFollowedFloor, useFollowedFloor } from '../../../components/FloorChooser.tsx';
import { StaffAccess } from '../StaffAccess.tsx';
import {
  checkedInFeedback,
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
import { DeckSearch } from './DeckSearch.tsx';
import { ScanDialog } from './ScanDialog.tsx';
import { NextRounds, OnFloor } from './FloorLists.tsx';
import { PrintHeatList } from './PrintHeatList.tsx';
import { RoundPanel } from './RoundPanel.tsx';
import { useCheckIn } from './useCheckIn.ts';
import { readBalances } from './balances.ts';
import { deckText } from './text.ts';
import { useDeckWords } from './words.ts';
import { useT } from '../../../i18n/locale.ts';

/** /admin/deckcaptain: line couples up, check them in, call heats. */
export function DeckCaptainPage() {
  const t = useT(deckText);
  return (
    <StaffAccess role="Deck Captain" title={t('title')} path="/admin/deckcaptain">
      {() => <DeckCaptainScreen />}
    </StaffAccess>
  );
}

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);

function DeckCaptainScreen() {
  const t = useT(deckText);
  const words = useDeckWords();
  const { key, competition } = useCompetition();
  const floor = useQuery(floorQuery(key));
  // What couples owe: one read for the screen, refreshed with the floor (both under `events`).
  const owed = useQuery({ ...checkInBalancesQuery(key), select: readBalances });
  const schedule = useSchedule({ followClock: true });
  const { pending, refused, toggleCheckIn, checkIn, confirmDialog } = useCheckIn(key, owed.data);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [focusEntry, setFocusEntry] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
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
  const roundsFound = useMemo(() => findRounds(rounds, search, 8, words), [rounds, search, words]);

  /** A scanned number card: checks the couple in to the round shown (never takes a check-in back). */
  const onScan = async (text: string): Promise<ScanFeedback> => {
    const outcome = scanOutcome(text, key ?? '', shown, searched, words);
    if (outcome.kind !== 'checkIn') return scanFeedback(outcome, words);
    return (await checkIn(shown!, outcome.couple))
      ? checkedInFeedback(outcome.couple, words)
      : { tone: 'problem', text: t('scan.notCheckedIn', { number: outcome.couple.coupleNumber }) };
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
          {t('title')}
        </Title>
        <Group gap="md">
          <FloorChooser floors={competition?.floors} floor={followed} onChange={setFloor} />
          <Button onClick={() => setScanning(true)} h={44}>
            {t('scan')}
          </Button>
          <Anchor component={Link} to="/print-sheets" size="sm">
            {t('printSheets')}
          </Anchor>
        </Group>
      </Group>
      <ScanDialog
        opened={scanning}
        onClose={() => setScanning(false)}
        onCode={onScan}
        roundName={shown ? roundLabel(shown, words) : null}
      />
      {floor.isError && <ApiErrorAlert error={floor.error} title={t('error.floor')} />}
      <CommandError command={toggleCheckIn} title={refused} />
      {owed.isError && (
        <Text size="sm" c="dimmed" mb="xs" role="status">
          {t('error.balances')}
        </Text>
      )}
      {confirmDialog}
      {!view && !floor.isError && <Skeleton h={400} aria-label={t('loading.floor')} />}
      {view && key && (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
            <ScrollArea.Autosize mah="calc(100vh - 130px)" type="auto" offsetScrollbars>
              <Stack gap="sm">
                <DeckSearch {...{ searchRef, search, setSearch, roundsFound, matches, open, goTo }} />
                <Title order={2} size="h4">
                  {t('onFloor.title')}
                </Title>
                <OnFloor
                  rounds={view.onFloor.map((r) => withPending(r, pending))}
                  selected={selected}
                  onSelect={select}
                />
                <Group justify="space-between" align="baseline" gap="xs">
                  <Title order={2} size="h4">
                    {t('next.title')}
                  </Title>
                  {view.next.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('next.count', { count: view.next.length })}
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
                balances={owed.data}
                onCheckIn={(r, c) => void checkIn(r, c)}
                search={search}
                previousRound={previous}
                onPrint={() => window.print()}
                // The started round stays open (it moves to "On the floor"), whatever the default was.
                onStarted={select}
              />
            ) : alone.isError ? (
              <ApiErrorAlert error={alone.error} title={t('error.round')} />
            ) : selected && alone.isPending && !inView ? (
              <Skeleton h={300} aria-label={t('loading.round')} />
            ) : (
              <Alert color="gray" title={t('noRound.title')}>
                {t('noRound.text')}
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
