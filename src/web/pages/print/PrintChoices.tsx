import { Group, NumberInput, SegmentedControl, Select, Text } from '@mantine/core';
import type { Paper } from './pagination.ts';
import { SHEET_KINDS, type SheetKind } from './sheets.ts';
import type { Scope } from './selection.ts';
import { printText, type PrintKey } from './text.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { dateFormat } from '../../../domain/format.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';

export type ScopeKind = Scope['kind'];
/** The choices of what a print-out covers; `label` is its name in the print catalog. */
export const SCOPES: { value: ScopeKind; label: PrintKey }[] = [
  { value: 'round', label: 'scope.round' },
  { value: 'event', label: 'scope.event' },
  { value: 'session', label: 'scope.session' },
  { value: 'day', label: 'scope.day' },
];

const PAPERS: { value: Paper; label: PrintKey }[] = [
  { value: 'A4', label: 'paper.A4' },
  { value: 'Letter', label: 'paper.Letter' },
];

/** What to print: which sheets, for which round, event, range of the schedule or day, on which paper. */
export function PrintChoices({
  kind,
  scopeKind,
  paper,
  events,
  eventKey,
  eventRounds,
  roundId,
  from,
  to,
  days,
  day,
  set,
}: {
  kind: SheetKind;
  scopeKind: ScopeKind;
  paper: Paper;
  events: readonly { key: string; name: string }[];
  eventKey: string;
  eventRounds: readonly { round: { roundId: string; roundName: string } }[];
  roundId: string;
  from: number;
  to: number;
  days: readonly string[];
  day: string;
  /** Changes the choice in the address (`null` or '' removes it). */
  set: (changes: Record<string, string | null>) => void;
}) {
  const t = useT(printText);
  const sport = useT(sportText);
  const locale = useLocale();
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label={t('choice.sheets')}
        data={SHEET_KINDS.map((k) => ({ value: k.value, label: t(k.label) }))}
        value={kind}
        onChange={(v) => set({ kind: v })}
        allowDeselect={false}
        w={240}
      />
      <LabelledChoice
        id="print-scope-label"
        label={t('choice.for')}
        data={SCOPES.map((s) => ({ value: s.value, label: t(s.label) }))}
        value={scopeKind}
        onChange={(v) => set({ scope: v })}
      />
      {(scopeKind === 'event' || scopeKind === 'round') && (
        <Select
          label={t('choice.event')}
          searchable
          data={events.map((e) => ({ value: e.key, label: e.name }))}
          value={eventKey || null}
          onChange={(v) => set({ event: v, round: null })}
          allowDeselect={false}
          w={280}
        />
      )}
      {scopeKind === 'round' && (
        <Select
          label={t('choice.round')}
          data={eventRounds.map((r) => ({
            value: r.round.roundId,
            label: roundLabel(sport, r.round.roundName),
          }))}
          value={roundId || null}
          onChange={(v) => set({ round: v })}
          allowDeselect={false}
          w={180}
        />
      )}
      {scopeKind === 'session' && (
        <>
          <NumberInput
            label={t('choice.from')}
            value={from}
            min={0}
            onChange={(v) => set({ from: String(v) })}
            w={150}
          />
          <NumberInput
            label={t('choice.to')}
            value={to}
            min={0}
            onChange={(v) => set({ to: String(v) })}
            w={150}
          />
        </>
      )}
      {scopeKind === 'day' && days.length > 0 && (
        <Select
          label={t('choice.day')}
          data={days.map((d) => ({ value: d, label: formatDay(d, locale) }))}
          value={day || null}
          onChange={(v) => set({ day: v })}
          allowDeselect={false}
          w={200}
        />
      )}
      <LabelledChoice
        id="print-paper-label"
        label={t('choice.paper')}
        data={PAPERS.map((p) => ({ value: p.value, label: t(p.label) }))}
        value={paper}
        onChange={(v) => set({ paper: v })}
      />
    </Group>
  );
}

/** "Sat 21 Nov"; in German "Sa., 21. Nov.". */
function formatDay(day: string, locale: Locale): string {
  const d = new Date(`${day}T00:00:00Z`);
  const options = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' } as const;
  if (locale !== 'en') return dateFormat(options, locale).format(d);
  return new Intl.DateTimeFormat('en-GB', options).format(d);
}

/** A segmented choice with a visible label above it, like the Selects beside it. */
function LabelledChoice({
  id,
  label,
  data,
  value,
  onChange,
}: {
  id: string;
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} data={data} value={value} onChange={onChange} />
    </div>
  );
}
