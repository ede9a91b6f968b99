import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useCompetition } from '../../../api/queries/competition.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import {
  initialStep,
  placingLines,
  recallHeadline,
  recallNumbers,
  stepReducer,
  type AnnounceWords,
} from './announce.ts';
import type { Announcement } from '../../../api/types.ts';
import { announcementsQuery } from '../../../api/queries/results.ts';
import { ComingUp } from './ComingUp.tsx';
import { FloorChooser, useFollowedFloor } from '../../../components/FloorChooser.tsx';
import { Awards } from './Awards.tsx';
import { big } from './largeType.ts';
import type { ClockFormat } from '../../../../domain/time.ts';
import { useT } from '../../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { mcText } from './text.ts';

/** The MC's words and the sport's, in the reader's language. */
function useWords(): AnnounceWords {
  return { t: useT(mcText), ts: useT(sportText) };
}

const titleOf = (a: Announcement, { t, ts }: AnnounceWords) =>
  t('announcement.title', { round: roundLabel(ts, a.roundName), event: a.eventName });

/**
 * The MC's board (spec §2 MC): what comes up next, the recalls and final placings just
 * posted (read one line at a time), and the award lists. One implementation for /admin/mc and
 * /admin/results.
 */
export function McBoard() {
  const t = useT(mcText);
  const { key, competition } = useCompetition();
  const announcements = useQuery(announcementsQuery(key));
  const [view, setView] = useState<'announce' | 'awards'>('announce');
  const items = useMemo(() => announcements.data?.items ?? [], [announcements.data]);
  const awards = items.filter((a) => a.kind === 'final');
  // The floor this MC calls: what comes up is that floor's.
  const { floor, setFloor } = useFollowedFloor(competition?.floors);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          size="md"
          value={view}
          onChange={(v) => setView(v as 'announce' | 'awards')}
          data={[
            { value: 'announce', label: t('view.announce') },
            { value: 'awards', label: t('view.awards', { count: awards.length }) },
          ]}
          aria-label={t('view.label')}
        />
        <Group gap="md">
          <FloorChooser floors={competition?.floors} floor={floor} onChange={setFloor} />
          {view === 'announce' && (
            <Text size="sm" c="dimmed">
              {t('keys')}
            </Text>
          )}
        </Group>
      </Group>
      {announcements.isError && (
        <ApiErrorAlert error={announcements.error} title={t('announcements.error')} />
      )}
      {announcements.isPending && <Skeleton h={400} aria-label={t('announcements.loading')} />}
      {announcements.data &&
        (view === 'announce' ? (
          <Announcer
            items={items}
            timeZone={competition?.timeZone}
            clock={competition?.clock}
            floor={floor}
          />
        ) : (
          <Awards awards={awards} />
        ))}
    </Stack>
  );
}

function Announcer({
  items,
  timeZone,
  clock,
  floor,
}: {
  items: Announcement[];
  timeZone: string | undefined;
  clock: ClockFormat | undefined;
  floor: string | null;
}) {
  const words = useWords();
  const { t } = words;
  const [step, dispatch] = useReducer(stepReducer, initialStep);
  // Posts that arrived while the screen was open and the MC has not opened yet.
  const known = useRef<Set<string> | null>(null);
  const [unread, setUnread] = useState<Set<string>>(new Set());
  const latestId = items.at(-1)?.id ?? null;

  useEffect(() => {
    const ids = items.map((a) => a.id);
    if (known.current === null) known.current = new Set(ids);
    const fresh = ids.filter((id) => !known.current!.has(id));
    if (fresh.length) {
      for (const id of fresh) known.current.add(id);
      setUnread((u) => new Set([...u, ...fresh]));
    }
    dispatch({ type: 'arrived', latestId });
  }, [items, latestId]);

  const selected = items.find((a) => a.id === step.selectedId) ?? null;
  const lines = selected?.kind === 'final' ? placingLines(selected, words) : [];
  useEffect(() => {
    if (selected)
      setUnread((u) => (u.has(selected.id) ? new Set([...u].filter((x) => x !== selected.id)) : u));
  }, [selected]);

  const lineCount = lines.length;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
      if (e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === 'PageDown') {
        e.preventDefault();
        dispatch({ type: 'next', lines: lineCount });
      } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp' || e.key === 'PageUp') {
        e.preventDefault();
        dispatch({ type: 'previous' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lineCount]);

  // Newest first: what was just posted is at the MC's eye level.
  const list = [...items].reverse();
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <ComingUp timeZone={timeZone} clock={clock} floor={floor} />
          <Paper withBorder p="sm">
            <Title order={2} fz={big.body} mb="xs">
              {t('posted.title')}
            </Title>
            {list.length === 0 ? (
              <Text fz={big.body} c="dimmed">
                {t('posted.empty')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah="45vh" type="auto">
                <Stack gap={4} role="list" aria-label={t('posted.label')}>
                  {list.map((a) => {
                    const isSelected = a.id === selected?.id;
                    return (
                      <UnstyledButton
                        key={a.id}
                        role="listitem"
                        aria-current={isSelected ? 'true' : undefined}
                        onClick={() => dispatch({ type: 'select', id: a.id })}
                        p="xs"
                        style={{
                          borderRadius: 6,
                          background: isSelected ? 'var(--mantine-color-blue-0)' : undefined,
                          border: `1px solid ${isSelected ? 'var(--mantine-color-blue-4)' : 'var(--mantine-color-gray-3)'}`,
                        }}
                      >
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text
                            fz={big.body}
                            fw={isSelected ? 700 : 500}
                            lineClamp={2}
                            style={{ minWidth: 0 }}
                          >
                            {titleOf(a, words)}
                          </Text>
                          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                            {unread.has(a.id) && <Badge color="red">{t('badge.new')}</Badge>}
                            <Badge variant="light" color={a.kind === 'final' ? 'green' : 'blue'}>
                              {a.kind === 'final' ? t('badge.placings') : t('badge.recall')}
                            </Badge>
                          </Group>
                        </Group>
                      </UnstyledButton>
                    );
                  })}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {selected ? (
          selected.kind === 'recall' ? (
            <RecallScript a={selected} />
          ) : (
            <PlacingsScript
              a={selected}
              lines={lines.map((l) => l.text)}
              current={Math.min(step.line, Math.max(lines.length - 1, 0))}
              onNext={() => dispatch({ type: 'next', lines: lines.length })}
              onPrevious={() => dispatch({ type: 'previous' })}
            />
          )
        ) : (
          <Alert color="gray" title={t('nothing.title')}>
            <Text fz={big.body}>{t('nothing.text')}</Text>
          </Alert>
        )}
      </Grid.Col>
    </Grid>
  );
}

function RecallScript({ a }: { a: Announcement }) {
  const words = useWords();
  const { t } = words;
  const numbers = recallNumbers(a);
  return (
    <Paper withBorder p="lg" data-testid="mc-recall">
      <Text c="dimmed" fz={big.body} mb={4}>
        {titleOf(a, words)} · {t('recall.count', { count: numbers.length })}
      </Text>
      <Text fz={big.script} fw={600} lh={1.3} mb="md">
        {recallHeadline(a, words)}
      </Text>
      <Group gap="md" aria-label={t('recall.numbers')} data-testid="mc-recalled">
        {numbers.map((n) => (
          <Box
            key={n}
            px="md"
            py={4}
            style={{ border: '2px solid var(--mantine-color-dark-3)', borderRadius: 8, minWidth: '2.5em' }}
          >
            <Text fz={big.numbers} fw={800} ta="center" lh={1.2}>
              {n}
            </Text>
          </Box>
        ))}
      </Group>
    </Paper>
  );
}

function PlacingsScript({
  a,
  lines,
  current,
  onNext,
  onPrevious,
}: {
  a: Announcement;
  lines: string[];
  current: number;
  onNext: () => void;
  onPrevious: () => void;
}) {
  const words = useWords();
  const { t } = words;
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  useEffect(() => {
    refs.current[current]?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  return (
    <Paper withBorder p="lg" data-testid="mc-placings">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={0}>
          <Text c="dimmed" fz={big.body}>
            {t('placings.intro')}
          </Text>
          <Title order={2} fz={big.heading}>
            {titleOf(a, words)}
          </Title>
        </Stack>
        <Group gap="xs">
          <Button size="lg" variant="default" onClick={onPrevious} disabled={current === 0}>
            {t('placings.previous')}
          </Button>
          <Button size="lg" onClick={onNext} disabled={current >= lines.length - 1}>
            {t('placings.next')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="xs" data-testid="mc-line-count">
        {t('placings.line', { current: current + 1, total: lines.length })}
      </Text>
      <Stack gap={6} role="list" aria-label={t('placings.label')}>
        {lines.map((text, i) => (
          <Box
            key={text}
            ref={(el: HTMLDivElement | null) => {
              refs.current[i] = el;
            }}
            role="listitem"
            aria-current={i === current ? 'step' : undefined}
            data-testid="mc-line"
            px="md"
            py={6}
            style={{
              borderRadius: 8,
              borderLeft: `6px solid ${i === current ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
              background: i === current ? 'var(--mantine-color-blue-0)' : undefined,
              opacity: i < current ? 0.55 : 1,
            }}
          >
            <Text fz={i === current ? big.script : big.body} fw={i === current ? 700 : 400} lh={1.3}>
              {text}
            </Text>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
