import type { Translate } from '../../../domain/i18n/catalog.ts';
import type { adminShellText } from './shell/text.ts';
import en from './shell/locales/en.json' with { type: 'json' };

/**
 * Every staff screen of spec §2, in the order the admin navigation and the dashboard list them.
 * `ready: false` would mark a screen not built yet (the dashboard then says so); every one is built now.
 * Its name and description are in the shell's catalog (`screen.<key>`, `screen.<key>.description`).
 */
export interface AdminScreen {
  path: string;
  key: ScreenKey;
  /** Its English name, as the end-to-end tests look for it; screens show screenName(t, screen). */
  label: string;
  group: 'competition' | 'day' | 'people' | 'open';
  ready: boolean;
}

type ScreenKey =
  | 'dashboard'
  | 'competitions'
  | 'setup'
  | 'events'
  | 'settings'
  | 'money'
  | 'schedule'
  | 'scrutineer'
  | 'results'
  | 'competitors'
  | 'addCompetitor'
  | 'people'
  | 'messages'
  | 'officials'
  | 'deckcaptain'
  | 'chairman'
  | 'judgingReport'
  | 'mc'
  | 'printSheets';

type ShellT = Translate<NonNullable<(typeof adminShellText)['keys']>>;

const screens: readonly Omit<AdminScreen, 'label'>[] = [
  { path: '/admin', key: 'dashboard', group: 'competition', ready: true },
  { path: '/admin/competitions', key: 'competitions', group: 'competition', ready: true },
  { path: '/admin/setup', key: 'setup', group: 'competition', ready: true },
  { path: '/admin/setup/events', key: 'events', group: 'competition', ready: true },
  { path: '/admin/settings', key: 'settings', group: 'competition', ready: true },
  { path: '/admin/money', key: 'money', group: 'competition', ready: true },
  { path: '/admin/eventschedule', key: 'schedule', group: 'day', ready: true },
  { path: '/admin/scrutineer', key: 'scrutineer', group: 'day', ready: true },
  { path: '/admin/results', key: 'results', group: 'day', ready: true },
  { path: '/admin/competitors', key: 'competitors', group: 'people', ready: true },
  { path: '/admin/competitors/add-competitor', key: 'addCompetitor', group: 'people', ready: true },
  { path: '/admin/people', key: 'people', group: 'people', ready: true },
  { path: '/admin/messages', key: 'messages', group: 'people', ready: true },
  { path: '/admin/officials', key: 'officials', group: 'people', ready: true },
  { path: '/admin/deckcaptain', key: 'deckcaptain', group: 'open', ready: true },
  { path: '/admin/chairman', key: 'chairman', group: 'open', ready: true },
  { path: '/admin/chairman/judging-report', key: 'judgingReport', group: 'open', ready: true },
  { path: '/admin/mc', key: 'mc', group: 'open', ready: true },
  { path: '/print-sheets', key: 'printSheets', group: 'open', ready: true },
];

export const adminScreens: readonly AdminScreen[] = screens.map((s) => ({
  ...s,
  label: en[`screen.${s.key}`],
}));

export const screenGroups: readonly AdminScreen['group'][] = ['competition', 'day', 'people', 'open'];

/** A screen's name in the reader's language ("Dashboard"). */
export const screenName = (t: ShellT, screen: AdminScreen): string => t(`screen.${screen.key}`);

/** What a screen is for, one line. */
export const screenDescription = (t: ShellT, screen: AdminScreen): string =>
  t(`screen.${screen.key}.description`);

/** The name of the screen at `path` ("This screen" when it is not one of them). */
export function screenLabel(t: ShellT, path: string): string {
  const screen = adminScreens.find((s) => s.path === path);
  return screen ? screenName(t, screen) : t('screen.other');
}
