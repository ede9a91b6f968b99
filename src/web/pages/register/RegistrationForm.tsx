import './mantineStyles.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { Alert, Button, Checkbox, Fieldset, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useRef, useState } from 'react';
import { call, ApiError } from '../../api/client.ts';
import { errorMessage } from '../../components/ApiErrorAlert.tsx';
import { useCommand } from '../../api/useCommand.ts';
import { OTHER_TEAM, TEAMS } from '../../../domain/teams.ts';
import {
  registrationCreate,
  type RegistrationCreate,
  type RegistrationHeld,
} from '../../../domain/schemas/registration.ts';
import { detailIssues, issueMessage } from '../../shared/formErrors.ts';
import { LIABILITY_TEXT, LIABILITY_TITLE, MEDIA_TEXT, MEDIA_TITLE } from './consents.ts';
import { groupEvents, levelRefusal, ycnRefusal, type EventChoice } from './eventGroups.ts';
import { useDancerStanding } from './DancerStanding.tsx';
import { DancerFields } from './DancerFields.tsx';
import type { Competition } from '../../../domain/schemas/competition.ts';
import { amountDue, type FeeFields } from './amountDue.ts';
import { EventsFieldset } from './EventsFieldset.tsx';
import { heldMessage, type Registered } from './Confirmation.tsx';
import './register.css';
import { useLocale, useT } from '../../i18n/locale.ts';
import { registerText } from './text.ts';
import {
  fieldErrors,
  initialRegistration,
  registrationBody,
  type RegistrationValues,
} from './registrationValues.ts';

export interface RegistrationFormProps {
  competitionKey: string;
  events: readonly EventChoice[];
  /**
   * Its tier now, fees (per dancer per event, admission, discounts), currency and level rule: declared
   * placed-out levels, YCN points, or none.
   */
  competition: FeeFields & Pick<Competition, 'eligibility'>;
  /** `desk`: an organizer registers a couple (no date rules; the server knows from the session). */
  mode: 'public' | 'desk';
  /** With the addresses the couple typed, so the screen can name where the confirmation goes. */
  onRegistered: (registered: Registered) => void;
  /** The pair was already entered from other emails: the registration waits for the organizers. */
  onHeld?: (held: RegistrationHeld) => void;
}

/** The couple's registration: dancers, team, events by style and level, consents. Phone first. */
export function RegistrationForm({
  competitionKey,
  events,
  competition,
  mode,
  onRegistered,
  onHeld,
}: RegistrationFormProps) {
  const { currency, eligibility } = competition;
  const t = useT(registerText);
  const locale = useLocale();
  const form = useForm<RegistrationValues>({
    initialValues: initialRegistration(),
    validate: (values) => {
      const checked = registrationCreate.safeParse(registrationBody(values));
      return checked.success
        ? {}
        : fieldErrors(
            values,
            checked.error.issues.map((i) => ({
              path: i.path,
              message: issueMessage(i, locale),
              issueCode: i.code,
            })),
            locale,
          );
    },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => groupEvents(events), [events]);
  const v = form.values;

  const ycn = eligibility === 'ycn';
  const leadStanding = useDancerStanding(v.lead.name, v.lead.email, ycn);
  const followStanding = useDancerStanding(v.follow.name, v.follow.email, ycn);
  const refusedEvents = useMemo(() => {
    const m = new Map<string, string>();
    for (const e of events) {
      const r =
        eligibility === 'declared'
          ? levelRefusal(e, v.lead, v.follow, locale)
          : ycn
            ? ycnRefusal(
                e,
                [
                  { name: v.lead.name, standings: leadStanding.answer?.standings ?? [] },
                  { name: v.follow.name, standings: followStanding.answer?.standings ?? [] },
                ],
                locale,
              )
            : null;
      if (r) m.set(e.key, r);
    }
    return m;
  }, [events, v.lead, v.follow, eligibility, ycn, leadStanding.answer, followStanding.answer, locale]);

  // Every refusal is said in the one alert above the button, with the form's own checks.
  const submit = useCommand({
    run: (body: RegistrationCreate) => call(endpoints.postRegistrations, { key: competitionKey }, body),
    onSuccess: (answer, sent) => {
      if ('review' in answer && !onHeld) {
        setRefusal(heldMessage(answer.review, t));
        return;
      }
      setRefusal(null);
      form.reset();
      if ('review' in answer) onHeld?.(answer);
      else onRegistered({ answer, emails: { lead: sent.lead.email, follow: sent.follow.email } });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400) {
        const issues = detailIssues(err.details);
        if (issues.length) form.setErrors(fieldErrors(form.getValues(), issues, locale));
      }
      setRefusal(err instanceof ApiError ? errorMessage(err, locale) : t('error.generic'));
      requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'center' }));
      return true;
    },
  });

  const onSubmit = form.onSubmit(
    (values) => {
      const blocked = values.events.filter((k) => refusedEvents.has(k));
      if (blocked.length) {
        setRefusal(blocked.map((k) => refusedEvents.get(k)).join(' '));
        requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'center' }));
        return;
      }
      // The couple's emails are worded in the language they register in.
      void submit.run({ ...registrationBody(values), language: locale });
    },
    () => setRefusal(t('error.check')),
  );

  // What the ticked events cost, said as they are ticked.
  const due = useMemo(
    () =>
      amountDue(
        competition,
        events.filter((e) => v.events.includes(e.key)),
        locale,
      ),
    [competition, events, v.events, locale],
  );

  const toggleEvent = (key: string, on: boolean) =>
    form.setFieldValue('events', on ? [...v.events, key] : v.events.filter((k) => k !== key));

  const dancerFields = (who: 'lead' | 'follow') => (
    <DancerFields
      form={form}
      who={who}
      label={t(who)}
      mode={mode}
      eligibility={eligibility}
      standing={who === 'lead' ? leadStanding : followStanding}
    />
  );

  const consentFields = (who: 'lead' | 'follow') => (
    <Stack gap="xs" key={who}>
      <Text fw={600}>{v[who].name.trim() || t(who)}</Text>
      <Checkbox
        size="md"
        label={t('consent.liability')}
        {...form.getInputProps(`consents.${who}.liability`, { type: 'checkbox' })}
      />
      <Checkbox
        size="md"
        label={t('consent.media')}
        {...form.getInputProps(`consents.${who}.media`, { type: 'checkbox' })}
      />
    </Stack>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="reg-form">
      <Stack gap="lg">
        {dancerFields('lead')}
        {dancerFields('follow')}

        <Fieldset legend={t('team')} radius="md" className="reg-fieldset">
          <Stack gap="sm">
            <Select
              label={t('team.label')}
              placeholder={t('team.search')}
              searchable
              size="md"
              withAsterisk
              data={[...TEAMS]}
              nothingFoundMessage={t('team.notListed', { other: OTHER_TEAM })}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('team')}
            />
            {v.team === OTHER_TEAM && (
              <TextInput
                label={t('team.other')}
                size="md"
                withAsterisk
                maxLength={200}
                {...form.getInputProps('otherTeam')}
              />
            )}
          </Stack>
        </Fieldset>

        <EventsFieldset
          groups={groups}
          chosen={v.events}
          refusedEvents={refusedEvents}
          ycn={ycn}
          error={form.errors.events}
          currency={currency}
          onToggle={toggleEvent}
        />

        <Fieldset legend={t('consents')} radius="md" className="reg-fieldset">
          <Stack gap="md">
            <div className="reg-consent-text" tabIndex={0} aria-label={t(LIABILITY_TITLE)}>
              <Text fw={600}>{t(LIABILITY_TITLE)}</Text>
              {LIABILITY_TEXT.map((p) => (
                <p key={p}>{t(p)}</p>
              ))}
              <Text fw={600} mt="sm">
                {t(MEDIA_TITLE)}
              </Text>
              {MEDIA_TEXT.map((p) => (
                <p key={p}>{t(p)}</p>
              ))}
            </div>
            {consentFields('lead')}
            {consentFields('follow')}
          </Stack>
        </Fieldset>

        <div ref={alertRef}>
          {refusal && (
            <Alert color="red" variant="light" title={t('notRegistered')} role="alert">
              {refusal}
            </Alert>
          )}
        </div>

        <div className="reg-due" aria-live="polite">
          <Text size="lg">
            {t('due')} <strong>{due.total}</strong>
          </Text>
          <Text c="dimmed">{due.detail}</Text>
        </div>
        <Button type="submit" size="lg" className="tap" loading={submit.busy} fullWidth>
          {mode === 'desk' ? t('submit.desk') : t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
