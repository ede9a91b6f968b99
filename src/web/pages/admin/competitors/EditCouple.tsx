import { Anchor, Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { useEvents } from '../../../api/queries/events.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import type { DiscountCategory } from '../../../../domain/money/feeRules.ts';
import type { AdminCompetitor, AdminRegistration } from '../../../../domain/schemas/registration.ts';
import { Link } from '../../../components/Link.tsx';
import { entriesKey, eventChoices } from './entriesKey.ts';

type Person = { name: string; email: string };

/** One dancer's name and email, side by side. */
function PersonFields({
  role,
  person,
  onChange,
}: {
  role: 'Lead' | 'Follow';
  person: Person;
  onChange: (p: Person) => void;
}) {
  return (
    <Group grow>
      <TextInput
        label={`${role} name`}
        value={person.name}
        onChange={(e) => onChange({ ...person, name: e.currentTarget.value })}
      />
      <TextInput
        label={`${role} email`}
        value={person.email}
        onChange={(e) => onChange({ ...person, email: e.currentTarget.value })}
      />
    </Group>
  );
}
import { DialogActions } from '../../../components/DialogActions.tsx';
import { textValue } from '../../../components/textValue.ts';

/** The select's "no discount" (a category key never has an underscore). */
const NO_DISCOUNT = '_none';

/** None, the competition's categories, and a category the dancer still holds that is no longer offered. */
function discountChoices(categories: readonly DiscountCategory[], held: readonly (string | null)[]) {
  const gone = [...new Set(held)].filter(
    (k): k is string => k !== null && !categories.some((d) => d.key === k),
  );
  return [
    { value: NO_DISCOUNT, label: 'None' },
    ...categories.map((d) => ({ value: d.key, label: `${d.name} (${d.percent}% off entry fees)` })),
    ...gone.map((k) => ({ value: k, label: `${k} (no longer offered)` })),
  ];
}

/** What changed of one dancer, as their PATCH; empty when nothing did. */
function dancerPatch(before: AdminCompetitor, person: Person, discount: string | null) {
  return {
    ...(person.name !== before.name || person.email !== before.email ? person : {}),
    ...(discount !== before.discount ? { discount } : {}),
  };
}

/** Names, team and events of one couple, saved as the few writes that changed. */
export function EditCouple({
  r,
  competitionKey,
  onDone,
}: {
  r: AdminRegistration;
  competitionKey: string;
  onDone: () => void;
}) {
  const [lead, setLead] = useState({ name: r.lead.name, email: r.lead.email });
  const [follow, setFollow] = useState({ name: r.follow.name, email: r.follow.email });
  const [team, setTeam] = useState(r.affiliation);
  const [discounts, setDiscounts] = useState({ lead: r.lead.discount, follow: r.follow.discount });
  const { competition } = useCompetition(competitionKey);
  const categories = competition?.discounts ?? [];
  const choices = discountChoices(categories, [r.lead.discount, r.follow.discount]);
  const { events } = useEvents();
  const current = r.entries.map((e) => e.eventKey);
  const [chosen, setChosen] = useState<string[]>(current);
  const add = chosen.filter((k) => !current.includes(k));
  const drop = current.filter((k) => !chosen.includes(k));
  const save = useCommand({
    run: async () => {
      // A dancer's discount re-bills their entries (the server writes the discount lines).
      for (const [before, person, discount] of [
        [r.lead, lead, discounts.lead],
        [r.follow, follow, discounts.follow],
      ] as const) {
        const patch = dancerPatch(before, person, discount);
        if (Object.keys(patch).length)
          await call(
            endpoints.patchCompetitorsOne,
            { key: competitionKey, id: before.id },
            { ...patch, version: before.version },
          );
      }
      if (team !== r.affiliation)
        await call(
          endpoints.patchRegistrationsOne,
          { key: competitionKey, id: r.id },
          { affiliation: team, version: r.version },
        );
      // The organizer's add/drop: same entry rules as the couple's own, without the date rule.
      if (add.length || drop.length)
        await call(endpoints.postRegistrationsOneEntries, { key: competitionKey, id: r.id }, { add, drop });
    },
    refresh: [entriesKey(competitionKey)],
    success: () => ({ message: 'Couple saved.' }),
    onSuccess: onDone,
    staleMessage:
      'Someone else changed this couple after you opened it. Close, look at the current data and edit again.',
  });
  return (
    <Stack gap="sm">
      <PersonFields role="Lead" person={lead} onChange={setLead} />
      <PersonFields role="Follow" person={follow} onChange={setFollow} />
      {choices.length > 1 ? (
        <Group grow align="flex-start">
          {(['lead', 'follow'] as const).map((who) => (
            <Select
              key={who}
              label={`${who === 'lead' ? 'Lead' : 'Follow'} discount`}
              description="Off each of their entry fees"
              data={choices}
              allowDeselect={false}
              value={discounts[who] ?? NO_DISCOUNT}
              onChange={(v) =>
                setDiscounts((d) => ({ ...d, [who]: v === null || v === NO_DISCOUNT ? null : v }))
              }
              comboboxProps={{ withinPortal: true }}
            />
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No discount categories yet: add them in{' '}
          <Anchor component={Link} to="/admin/setup" size="sm">
            Setup
          </Anchor>{' '}
          (Fees, discounts and payment) to give a dancer one.
        </Text>
      )}
      <TextInput label="Team" {...textValue(team, setTeam)} />
      <MultiSelect
        label="Events"
        description="Add or drop events. Dropping is refused once the couple is in a drawn round; scratch instead."
        {...eventChoices(events)}
        value={chosen}
        onChange={setChosen}
        comboboxProps={{ withinPortal: true }}
      />
      <CommandError command={save} title="Not saved" />
      <DialogActions onCancel={onDone}>
        <Button loading={save.busy} onClick={() => void save.run()}>
          Save
        </Button>
      </DialogActions>
    </Stack>
  );
}
