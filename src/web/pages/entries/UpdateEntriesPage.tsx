import '../register/mantineStyles.ts';
import { Alert, Button, Checkbox, Fieldset, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, api } from '../../api/client.ts';
import { paths } from '../../api/paths.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { useEvents } from '../../api/queries/events.ts';
import { formatMoney } from '../../components/format.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { registrationLookup, type OwnRegistration } from '../../../domain/schemas/registration.ts';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../shared/formErrors.ts';
import { groupEvents } from '../register/eventGroups.ts';
import '../register/register.css';

interface Access {
  entryCode: string;
  email: string;
}

/** /updateEntries: with the entry code and an email, a couple adds or drops events until registration closes. */
export default function UpdateEntriesPage() {
  usePageTitle('Update entries');
  const { competition, key } = useCompetition();
  const [access, setAccess] = useState<Access | null>(null);
  const [own, setOwn] = useState<OwnRegistration | null>(null);

  return (
    <div className="page">
      <h1>Update entries</h1>
      {!own || !access || !key ? (
        <>
          <p className="page-lead">
            Enter the 7-character entry code you were given when you registered, and the email of either
            dancer.
          </p>
          {key && (
            <LookupForm
              competitionKey={key}
              onFound={(a, r) => {
                setAccess(a);
                setOwn(r);
              }}
            />
          )}
          <Text mt="lg">
            Not registered yet? <Link to="/register">Register</Link>.
          </Text>
        </>
      ) : (
        <ChangeEntries
          competitionKey={key}
          access={access}
          own={own}
          currency={competition?.currency ?? own.currency}
          onChanged={setOwn}
          onLeave={() => {
            setOwn(null);
            setAccess(null);
          }}
        />
      )}
    </div>
  );
}

function LookupForm({
  competitionKey,
  onFound,
}: {
  competitionKey: string;
  onFound: (a: Access, r: OwnRegistration) => void;
}) {
  const form = useForm<Access>({
    initialValues: { entryCode: '', email: '' },
    validate: (v) => schemaErrors(registrationLookup, v),
  });
  const lookup = useMutation({
    mutationFn: (a: Access) => api.post<OwnRegistration>(paths.registrationLookup(competitionKey), a),
    onSuccess: (r, a) => onFound(a, r),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400)
        form.setErrors(issuesToFieldErrors(detailIssues(err.details)));
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => lookup.mutate(v))} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Entry code"
          size="md"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          {...form.getInputProps('entryCode')}
        />
        <TextInput
          label="Email"
          type="email"
          size="md"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        {lookup.error && !(lookup.error instanceof ApiError && lookup.error.status === 400) && (
          <Alert color="red" variant="light" role="alert" title="Not found">
            {lookup.error instanceof ApiError
              ? lookup.error.message
              : 'Could not reach the server. Try again.'}
          </Alert>
        )}
        <Button type="submit" size="md" className="tap" loading={lookup.isPending}>
          Open my entries
        </Button>
      </Stack>
    </form>
  );
}

function ChangeEntries({
  competitionKey,
  access,
  own,
  currency,
  onChanged,
  onLeave,
}: {
  competitionKey: string;
  access: Access;
  own: OwnRegistration;
  currency: string;
  onChanged: (r: OwnRegistration) => void;
  onLeave: () => void;
}) {
  const { events } = useEvents();
  const current = useMemo(() => new Set(own.entries.map((e) => e.eventKey)), [own]);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(current));
  const add = [...chosen].filter((k) => !current.has(k));
  const drop = [...current].filter((k) => !chosen.has(k));
  const groups = useMemo(() => groupEvents(events ?? []), [events]);

  const save = useMutation({
    mutationFn: () =>
      api.post<OwnRegistration>(paths.ownEntries(competitionKey), {
        ...access,
        add,
        drop,
        version: own.version,
      }),
    onSuccess: (r) => {
      onChanged(r);
      setChosen(new Set(r.entries.map((e) => e.eventKey)));
      notifications.show({
        color: 'green',
        message: `Entries saved: ${[add.length && `${add.length} added`, drop.length && `${drop.length} dropped`].filter(Boolean).join(', ')}.`,
      });
    },
    onError: (err) => {
      // Changed meanwhile (another window, the organizer): show the entries as they are now.
      const current =
        err instanceof ApiError && err.code === 'stale'
          ? (err.details as { current?: OwnRegistration })?.current
          : undefined;
      if (current) {
        onChanged(current);
        setChosen(new Set(current.entries.map((e) => e.eventKey)));
      }
    },
  });

  const toggle = (k: string, on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      if (on) n.add(k);
      else n.delete(k);
      return n;
    });

  return (
    <Stack gap="md">
      <Text size="lg">
        <strong>{own.lead.name}</strong> (lead{own.lead.number ? `, number ${own.lead.number}` : ''}) and{' '}
        <strong>{own.follow.name}</strong> — {own.affiliation}
      </Text>
      <Text>
        Amount due {formatMoney(own.amountDue, currency)}, paid {formatMoney(own.amountPaid, currency)}.
      </Text>
      <div>
        <Text fw={600}>Entered now</Text>
        <ul className="reg-entries" aria-label="Entered now">
          {own.entries.map((e) => (
            <li key={e.id}>
              {e.eventName}
              {e.scratched ? ' (scratched)' : ''}
            </li>
          ))}
        </ul>
      </div>
      {!own.registrationOpen ? (
        <Alert color="red" variant="light" title="Registration is closed">
          Entries can no longer be changed here. Contact the organizers.
        </Alert>
      ) : (
        <>
          <Fieldset legend="Choose your events" radius="md" className="reg-fieldset">
            {!events ? (
              <Skeleton height={200} />
            ) : (
              groups.map((g) => (
                <section key={g.style} className="reg-style" aria-label={g.style}>
                  <h3>{g.style}</h3>
                  {g.levels.flatMap((l) =>
                    l.events.map((e) => (
                      <Checkbox
                        key={e.key}
                        size="md"
                        className="reg-event"
                        label={e.name}
                        description={e.dances.join(' · ')}
                        checked={chosen.has(e.key)}
                        onChange={(ev) => toggle(e.key, ev.currentTarget.checked)}
                      />
                    )),
                  )}
                </section>
              ))
            )}
          </Fieldset>
          {save.error && (
            <Alert color="red" variant="light" role="alert" title="Not saved">
              {save.error instanceof ApiError ? save.error.message : 'Could not reach the server. Try again.'}
            </Alert>
          )}
          <Group gap="sm">
            <Button
              size="md"
              className="tap"
              disabled={add.length + drop.length === 0}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              Save changes{add.length + drop.length ? ` (${add.length} to add, ${drop.length} to drop)` : ''}
            </Button>
            <Button size="md" className="tap" variant="default" onClick={onLeave}>
              Done
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
