import { Badge, Select, TextInput } from '@mantine/core';

/** The free-text search over names, numbers and teams on the public lists. */
export function NameSearch({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <TextInput
      label="Search"
      placeholder="Name, number or team"
      size="md"
      type="search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
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
  return (
    <Select
      label="Team"
      placeholder="All teams"
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
  return (
    <Badge color="gray" variant="light">
      Scratched
    </Badge>
  );
}
