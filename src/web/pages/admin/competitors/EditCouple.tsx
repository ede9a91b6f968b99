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
import { competitorsText, type CompetitorsKey } from './text.ts';
import { useT } from '../../../i18n/locale.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import { richText } from './richText.tsx';

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
  const t = useT(competitorsText);
  return (
    <Group grow>
      <TextInput
        label={role === 'Lead' ? t('edit.leadName') : t('edit.followName')}
        value={person.name}
        onChange={(e) => onChange({ ...person, name: e.currentTarget.value })}
      />
      <TextInput
        label={role === 'Lead' ? t('edit.leadEmail') : t('edit.followEmail')}
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
function discountChoices(
  categories: readonly DiscountCategory[],
  held: readonly (string | null)[],
  t: Translate<CompetitorsKey>,
) {
  const gone = [...new Set(held)].filter(
    (k): k is string => k !== null && !categories.some((d) => d.key === k),
  );
  return [
    { value: NO_DISCOUNT, label: t('edit.none') },
    ...categories.map((d) => ({
      value: d.key,
      label: t('edit.discountOption', { name: d.name, percent: d.percent }),
    })),
    ...gone.map((k) => ({ value: k, label: t('edit.discountGone', { key: k }) })),
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
  const t = useT(competitorsText);
  const [lead, setLead] = useState({ name: r.lead.name, email: r.lead.email });
  const [follow, setFollow] = useState({ name: r.follow.name, email: r.follow.email });
  const [team, setTeam] = useState(r.affiliation);
  const [discounts, setDiscounts] = useState({ lead: r.lead.discount, follow: r.follow.discount });
  const { competition } = useCompetition(competitionKey);
  const categories = competition?.discounts ?? [];
  const choices = discountChoices(categories, [r.lead.discount, r.follow.discount], t);
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
    success: () => ({ message: t('edit.saved') }),
    onSuccess: onDone,
    staleMessage: t('edit.stale'),
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
              label={who === 'lead' ? t('edit.leadDiscount') : t('edit.followDiscount')}
              description={t('edit.discountHelp')}
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
          {richText((v) => t('edit.noDiscounts', v), {
            setup: (
              <Anchor component={Link} to="/admin/setup" size="sm">
                {t('edit.setupLink')}
              </Anchor>
            ),
          })}
        </Text>
      )}
      <TextInput label={t('edit.team')} {...textValue(team, setTeam)} />
      <MultiSelect
        label={t('edit.events')}
        description={t('edit.eventsHelp')}
        {...eventChoices(events)}
        value={chosen}
        onChange={setChosen}
        comboboxProps={{ withinPortal: true }}
      />
      <CommandError command={save} title={t('edit.notSaved')} />
      <DialogActions onCancel={onDone}>
        <Button loading={save.busy} onClick={() => void save.run()}>
          {t('edit.save')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
