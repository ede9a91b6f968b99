/** The registration form's values, their first state, the body they make, and where errors go. */
import { type Level } from '../../../domain/levels.ts';
import { type Style } from '../../../domain/styles.ts';
import { OTHER_TEAM } from '../../../domain/teams.ts';
import { type RegistrationCreate } from '../../../domain/schemas/registration.ts';

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

/** Field errors keyed by the form's own paths (the body's `affiliation` is the team fields). */
export function fieldErrors(v: RegistrationValues, issues: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(issues)) {
    if (path === 'affiliation') out[v.team === OTHER_TEAM ? 'otherTeam' : 'team'] = message;
    else if (path.startsWith('events')) out.events = message;
    else if (path.startsWith('consents')) {
      for (const who of ['lead', 'follow'] as const)
        if (!v.consents[who].liability)
          out[`consents.${who}.liability`] = 'Each dancer must accept the liability release';
    } else out[path.replace(/\.placedOut.*$/, '.placedOut')] = message;
  }
  return out;
}
