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

/** A problem of a field, its message already in the reader's words (formErrors.ts) as the fallback. */
export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
  /** Zod's issue code. */
  issueCode?: string | undefined;
}

/** The form's own sentence for the problems it shows most, by field and issue code. */
function ownWords(path: string, code: string | undefined): RegisterKey | undefined {
  const field = path.split('.').pop();
  if (code === 'too_small') {
    if (field === 'name') return 'error.name';
    if (path === 'affiliation') return 'error.team';
    if (path === 'events') return 'error.events';
  }
  if (code === 'invalid_format' && field === 'email') return 'error.email';
  return undefined;
}

/**
 * Field errors keyed by the form's own paths (the body's `affiliation` is the team fields), the first
 * per field, in the reader's language: the form's own sentence by field and issue code, or the words
 * the issue came with.
 */
export function fieldErrors(
  v: RegistrationValues,
  issues: readonly FieldIssue[],
  locale: Locale = 'en',
): Record<string, string> {
  const t = translator(registerText, locale);
  const first = new Map<string, FieldIssue>();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!first.has(path)) first.set(path, issue);
  }
  const out: Record<string, string> = {};
  for (const [path, issue] of first) {
    const own = ownWords(path, issue.issueCode);
    const message = own ? t(own) : issue.message;
    if (path === 'affiliation') out[v.team === OTHER_TEAM ? 'otherTeam' : 'team'] = message;
    else if (path.startsWith('events')) out.events = message;
    else if (path.startsWith('consents')) {
      for (const who of ['lead', 'follow'] as const)
        if (!v.consents[who].liability) out[`consents.${who}.liability`] = t('error.liability');
    } else out[path.replace(/\.placedOut.*$/, '.placedOut')] = message;
  }
  return out;
}
