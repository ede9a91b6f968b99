import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { useEvents } from '../../../api/queries/events.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import type { AdminRegistration } from '../../../../domain/schemas/registration.ts';
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
  const { events } = useEvents();
  const current = r.entries.map((e) => e.eventKey);
  const [chosen, setChosen] = useState<string[]>(current);
  const add = chosen.filter((k) => !current.includes(k));
  const drop = current.filter((k) => !chosen.includes(k));
  const save = useCommand({
    run: async () => {
      if (lead.name !== r.lead.name || lead.email !== r.lead.email)
        await call(
          endpoints.patchCompetitorsOne,
          { key: competitionKey, id: r.lead.id },
          { ...lead, version: r.lead.version },
        );
      if (follow.name !== r.follow.name || follow.email !== r.follow.email)
        await call(
          endpoints.patchCompetitorsOne,
          { key: competitionKey, id: r.follow.id },
          {
            ...follow,
            version: r.follow.version,
          },
        );
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
