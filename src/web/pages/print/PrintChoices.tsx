import { Group, NumberInput, SegmentedControl, Select, Text } from '@mantine/core';
import type { Paper } from './pagination.ts';
import { SHEET_KINDS, type SheetKind } from './sheets.ts';
import type { Scope } from './selection.ts';

export type ScopeKind = Scope['kind'];
export const SCOPES: { value: ScopeKind; label: string }[] = [
  { value: 'round', label: 'One round' },
  { value: 'event', label: 'An event' },
  { value: 'session', label: 'A session' },
  { value: 'day', label: 'Whole day' },
];

const PAPERS: { value: Paper; label: string }[] = [
  { value: 'A4', label: 'A4' },
  { value: 'Letter', label: 'US Letter' },
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
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Sheets"
        data={SHEET_KINDS.map((k) => ({ value: k.value, label: k.label }))}
        value={kind}
        onChange={(v) => set({ kind: v })}
        allowDeselect={false}
        w={240}
      />
      <LabelledChoice
        id="print-scope-label"
        label="For"
        data={SCOPES}
        value={scopeKind}
        onChange={(v) => set({ scope: v })}
      />
      {(scopeKind === 'event' || scopeKind === 'round') && (
        <Select
          label="Event"
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
          label="Round"
          data={eventRounds.map((r) => ({ value: r.round.roundId, label: r.round.roundName }))}
          value={roundId || null}
          onChange={(v) => set({ round: v })}
          allowDeselect={false}
          w={180}
        />
      )}
      {scopeKind === 'session' && (
        <>
          <NumberInput
            label="From schedule #"
            value={from}
            min={0}
            onChange={(v) => set({ from: String(v) })}
            w={150}
          />
          <NumberInput
            label="To schedule #"
            value={to}
            min={0}
            onChange={(v) => set({ to: String(v) })}
            w={150}
          />
        </>
      )}
      {scopeKind === 'day' && days.length > 0 && (
        <Select
          label="Day"
          data={days.map((d) => ({ value: d, label: formatDay(d) }))}
          value={day || null}
          onChange={(v) => set({ day: v })}
          allowDeselect={false}
          w={200}
        />
      )}
      <LabelledChoice
        id="print-paper-label"
        label="Paper"
        data={PAPERS}
        value={paper}
        onChange={(v) => set({ paper: v })}
      />
    </Group>
  );
}

function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(d);
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
