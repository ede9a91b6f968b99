/** The registration form's values, their first state, the body they make, and where errors go. */
import { type Level } from '../../../domain/levels.ts';
import { type Style } from '../../../domain/styles.ts';
import { OTHER_TEAM } from '../../../domain/teams.ts';
import { type RegistrationCreate } from '../../../domain/schemas/registration.ts';
import { translator } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { registerText, type RegisterKey } from './text.ts';

export interface DancerValues {
  name: string;
  email: string;
  placedOut: Partial<Record<Style, Level>>;
}

export interface RegistrationValues {
  lead: DancerValues;
  follow: DancerValues;
  team: string;
  otherTeam: string;
  events: string[];
  consents: { lead: { liability: boolean; media: boolean }; follow: { liability: boolean; media: boolean } };
}

export const emptyDancer = (): DancerValues => ({ name: '', email: '', placedOut: {} });

export const initialRegistration = (): RegistrationValues => ({
  lead: emptyDancer(),
  follow: emptyDancer(),
  team: '',
  otherTeam: '',
  events: [],
  consents: { lead: { liability: false, media: false }, follow: { liability: false, media: false } },
});

/** The request body the form's values make (api.md POST registrations). */
export function registrationBody(v: RegistrationValues): RegistrationCreate {
  const dancer = (d: DancerValues) => ({
    name: d.name,
    email: d.email,
    ...(Object.keys(d.placedOut).length ? { placedOut: d.placedOut } : {}),
  });
  return {
    lead: dancer(v.lead),
    follow: dancer(v.follow),
    affiliation: v.team === OTHER_TEAM ? v.otherTeam : v.team,
    events: v.events,
    consents: v.consents as RegistrationCreate['consents'],
  };
}

/** The schema's messages the form shows most, as the register catalog words them. */
const KNOWN_MESSAGES: Record<string, RegisterKey> = {
  'Name is required': 'error.name',
  'Email must be an email address like name@example.com': 'error.email',
  'Affiliation is required': 'error.team',
  'Choose at least one event': 'error.events',
};

/**
 * Field errors keyed by the form's own paths (the body's `affiliation` is the team fields), in the
 * reader's language where the message is one the catalog knows.
 */
export function fieldErrors(
  v: RegistrationValues,
  issues: Record<string, string>,
  locale: Locale = 'en',
): Record<string, string> {
  const t = translator(registerText, locale);
  const out: Record<string, string> = {};
  for (const [path, said] of Object.entries(issues)) {
    const known = KNOWN_MESSAGES[said];
    const message = known ? t(known) : said;
    if (path === 'affiliation') out[v.team === OTHER_TEAM ? 'otherTeam' : 'team'] = message;
    else if (path.startsWith('events')) out.events = message;
    else if (path.startsWith('consents')) {
      for (const who of ['lead', 'follow'] as const)
        if (!v.consents[who].liability) out[`consents.${who}.liability`] = t('error.liability');
    } else out[path.replace(/\.placedOut.*$/, '.placedOut')] = message;
  }
  return out;
}
