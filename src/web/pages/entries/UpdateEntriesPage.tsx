import '../register/mantineStyles.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { Alert, Button, Fieldset, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { call, ApiError } from '../../api/client.ts';
import { useCommand } from '../../api/useCommand.ts';
import { CommandError, errorMessage } from '../../components/ApiErrorAlert.tsx';
import { useCompetition } from '../../api/queries/competition.ts';
import { useEvents } from '../../api/queries/events.ts';
import { balanceWords } from '../../components/invoice/InvoiceView.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import {
  registrationLookup,
  type OwnRegistration,
  type RegistrationLookup,
} from '../../../domain/schemas/registration.ts';
import { detailIssues, issueMessage } from '../../shared/formErrors.ts';
import { EventCheckbox } from '../register/EventCheckbox.tsx';
import { groupEvents } from '../register/eventGroups.ts';
import { CoupleInvoice } from './CoupleInvoice.tsx';
import { EmailMeALink, RegisteredEmailInput } from './EmailMeALink.tsx';
import type { OpenedState } from './openLink.ts';
import '../register/register.css';
import './entries.css';
import { useLocale, useT } from '../../i18n/locale.ts';
import { sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import { entriesText } from './text.ts';
import { entryFieldErrors } from './errors.ts';

/**
 * What opens a couple's own registration: the entry code and an email, or the grant an emailed link
 * gave (/entries?open=…).
 */
type Access = RegistrationLookup | { grant: string };

/**
 * /updateEntries: with the entry code and an email, or arriving from an emailed link, a couple adds or
 * drops events until registration closes.
 */
export default function UpdateEntriesPage() {
  const t = useT(entriesText);
  usePageTitle(t('update.title'));
  const { competition, key } = useCompetition();
  const opened = (useLocation().state as Partial<OpenedState> | null)?.opened;
  const [access, setAccess] = useState<Access | null>(opened ? { grant: opened.grant } : null);
  const [own, setOwn] = useState<OwnRegistration | null>(opened?.registration ?? null);

  return (
    <div className="page">
      <h1>{t('update.title')}</h1>
      {!own || !access || !key ? (
        <>
          <p className="page-lead">{t('update.lead')}</p>
          {key && (
            <LookupForm
              competitionKey={key}
              onFound={(a, r) => {
                setAccess(a);
                setOwn(r);
              }}
            />
          )}
          {key && (
            <div className="entries-recover update-recover">
              <EmailMeALink competitionKey={key} folded />
            </div>
          )}
          <Text mt="lg">
            {t('update.notRegistered')} <Link to="/register">{t('update.register')}</Link>.
          </Text>
        </>
      ) : (
        <ChangeEntries
          competitionKey={key}
          access={access}
          own={own}
          competition={{ key, fullName: competition?.fullName ?? '' }}
          timeZone={competition?.timeZone ?? 'UTC'}
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
  onFound: (a: RegistrationLookup, r: OwnRegistration) => void;
}) {
  const t = useT(entriesText);
  const locale = useLocale();
  const form = useForm<RegistrationLookup>({
    initialValues: { entryCode: '', email: '' },
    validate: (v) => {
      const checked = registrationLookup.safeParse(v);
      return checked.success
        ? {}
        : entryFieldErrors(
            checked.error.issues.map((i) => ({
              path: i.path,
              message: issueMessage(i, locale),
              issueCode: i.code,
            })),
            locale,
          );
    },
  });
  const lookup = useCommand({
    run: (a: RegistrationLookup) => call(endpoints.postRegistrationsLookup, { key: competitionKey }, a),
    onSuccess: (r, a) => onFound(a, r),
    // A 400 is shown on the fields it names; any other refusal (no such entry code) above the button.
    onError: (err) => {
      if (!(err instanceof ApiError) || err.status !== 400) return false;
      form.setErrors(entryFieldErrors(detailIssues(err.details), locale));
      return true;
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => void lookup.run(v))} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('update.code')}
          size="md"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          {...form.getInputProps('entryCode')}
        />
        <RegisteredEmailInput label={t('update.email')} {...form.getInputProps('email')} />
        <CommandError command={lookup} title={t('update.notFound')} audience="public" />
        <Button type="submit" size="md" className="tap" loading={lookup.busy}>
          {t('update.open')}
        </Button>
      </Stack>
    </form>
  );
}

function ChangeEntries({
  competitionKey,
  access,
  own,
  competition,
  timeZone,
  onChanged,
  onLeave,
}: {
  competitionKey: string;
  access: Access;
  own: OwnRegistration;
  competition: { key: string; fullName: string };
  timeZone: string;
  onChanged: (r: OwnRegistration) => void;
  onLeave: () => void;
}) {
  const t = useT(entriesText);
  const ts = useT(sportText);
  const { events } = useEvents();
  const current = useMemo(() => new Set(own.entries.map((e) => e.eventKey)), [own]);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(current));
  const add = [...chosen].filter((k) => !current.has(k));
  const drop = [...current].filter((k) => !chosen.has(k));
  const groups = useMemo(() => groupEvents(events ?? []), [events]);

  const save = useCommand({
    run: () => {
      const change = { add, drop, version: own.version };
      return 'grant' in access
        ? call(endpoints.postRegistrationsOwnEntries, { key: competitionKey }, { ...access, ...change })
        : call(endpoints.postRegistrationsEntries, { key: competitionKey }, { ...access, ...change });
    },
    success: () => ({
      message: t('update.saved', {
        changes: [
          add.length && t('update.added', { count: add.length }),
          drop.length && t('update.dropped', { count: drop.length }),
        ]
          .filter(Boolean)
          .join(', '),
      }),
    }),
    onSuccess: (r) => {
      onChanged(r);
      setChosen(new Set(r.entries.map((e) => e.eventKey)));
    },
    // Changed meanwhile (another window, the organizer): show the entries as they are now.
    staleMessage: (err) => errorMessage(err),
    onStale: (err) => {
      const current = (err.details as { current?: OwnRegistration } | undefined)?.current;
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
        <strong>{own.lead.name}</strong>{' '}
        {own.lead.number ? t('update.couple', { number: own.lead.number }) : t('update.coupleNoNumber')}{' '}
        <strong>{own.follow.name}</strong> — {own.affiliation}
      </Text>
      <AccountSummary own={own} />
      <div>
        <Text fw={600}>{t('update.entered')}</Text>
        <ul className="reg-entries" aria-label={t('update.entered')}>
          {own.entries.map((e) => (
            <li key={e.id}>
              {e.eventName}
              {e.scratched ? t('update.scratched') : ''}
            </li>
          ))}
        </ul>
      </div>
      {!own.registrationOpen ? (
        <Alert color="red" variant="light" title={t('update.closed')}>
          {t('update.closedText')}
        </Alert>
      ) : (
        <>
          <Fieldset legend={t('update.choose')} radius="md" className="reg-fieldset">
            {!events ? (
              <Skeleton height={200} />
            ) : (
              groups.map((g) => (
                <section key={g.style} className="reg-style" aria-label={styleLabel(ts, g.style)}>
                  <h3>{styleLabel(ts, g.style)}</h3>
                  {g.levels.flatMap((l) =>
                    l.events.map((e) => (
                      <EventCheckbox key={e.key} event={e} checked={chosen.has(e.key)} onToggle={toggle} />
                    )),
                  )}
                </section>
              ))
            )}
          </Fieldset>
          <CommandError command={save} title={t('update.notSaved')} audience="public" />
          <Group gap="sm">
            <Button
              size="md"
              className="tap"
              disabled={add.length + drop.length === 0}
              loading={save.busy}
              onClick={() => void save.run()}
            >
              {add.length + drop.length
                ? t('update.saveCount', { add: add.length, drop: drop.length })
                : t('update.save')}
            </Button>
            <Button size="md" className="tap" variant="default" onClick={onLeave}>
              {t('update.done')}
            </Button>
          </Group>
        </>
      )}
      <section className="section" aria-labelledby="your-invoice">
        <h2 id="your-invoice">{t('update.invoice')}</h2>
        <CoupleInvoice own={own} competition={competition} timeZone={timeZone} />
      </section>
    </Stack>
  );
}

/** One line on what the couple owes, above their entries; the invoice itself is below them. */
function AccountSummary({ own }: { own: OwnRegistration }) {
  const t = useT(entriesText);
  const locale = useLocale();
  if (own.teamPays)
    return (
      <Text>
        {t('account.team', { team: own.teamPays })} <ToInvoice>{t('account.details')}</ToInvoice>
      </Text>
    );
  if (!own.invoice) return <Text>{t('account.nothing')}</Text>;
  const { label, amount } = balanceWords(own.invoice.balanceCents, own.currency, locale);
  return (
    <Text>
      {label}: <strong>{amount}</strong>. <ToInvoice>{t('update.invoice')}</ToInvoice>
    </Text>
  );
}

/** A link down to the invoice, in the page (the address and its state stay as they are). */
function ToInvoice({ children }: { children: string }) {
  return (
    <a
      className="to-invoice"
      href="#your-invoice"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('your-invoice')?.scrollIntoView({ behavior: 'smooth' });
      }}
    >
      {children}
    </a>
  );
}
