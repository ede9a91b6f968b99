/**
 * Every staff screen of spec §2, in the order the admin navigation and the dashboard list them.
 * `ready: false` marks the screens a later issue builds; until then their routes show one shared
 * "not available yet" panel.
 */
export interface AdminScreen {
  path: string;
  label: string;
  description: string;
  group: 'competition' | 'day' | 'people' | 'open';
  ready: boolean;
}

export const adminScreens: readonly AdminScreen[] = [
  {
    path: '/admin',
    label: 'Dashboard',
    description: 'Counts at a glance',
    group: 'competition',
    ready: true,
  },
  {
    path: '/admin/setup',
    label: 'Setup',
    description: 'Name, dates, fees, pages and organizers',
    group: 'competition',
    ready: true,
  },
  {
    path: '/admin/setup/events',
    label: 'Events',
    description: 'Events, dances and rounds; create many from the style × level grid',
    group: 'competition',
    ready: true,
  },
  {
    path: '/admin/settings',
    label: 'Settings',
    description: 'Event settings and admin accounts',
    group: 'competition',
    ready: true,
  },
  {
    path: '/admin/eventschedule',
    label: 'Event schedule',
    description: 'Running order, start times and estimates',
    group: 'day',
    ready: true,
  },
  {
    path: '/admin/scrutineer',
    label: 'Scrutineer',
    description: 'Collect marks, compute and post results',
    group: 'day',
    ready: true,
  },
  {
    path: '/admin/results',
    label: 'Results (MC)',
    description: 'Results to announce',
    group: 'day',
    ready: false,
  },
  {
    path: '/admin/competitors',
    label: 'Competitors',
    description: 'Everyone registered and their entries',
    group: 'people',
    ready: true,
  },
  {
    path: '/admin/competitors/add-competitor',
    label: 'Add competitor',
    description: 'Register a couple at the desk',
    group: 'people',
    ready: true,
  },
  {
    path: '/admin/officials',
    label: 'Officials',
    description: 'Judges and staff, with access codes',
    group: 'people',
    ready: true,
  },
  {
    path: '/admin/deckcaptain',
    label: 'Deck captain',
    description: 'Heat lists and check-in (no sign-in needed)',
    group: 'open',
    ready: false,
  },
  {
    path: '/admin/chairman',
    label: 'Chairman',
    description: 'Marks progress and tie decisions (no sign-in needed)',
    group: 'open',
    ready: false,
  },
  {
    path: '/admin/mc',
    label: 'MC',
    description: 'What to announce next (no sign-in needed)',
    group: 'open',
    ready: false,
  },
];

export const screenGroups: readonly { id: AdminScreen['group']; label: string }[] = [
  { id: 'competition', label: 'Competition' },
  { id: 'day', label: 'On the day' },
  { id: 'people', label: 'People' },
  { id: 'open', label: 'Open staff screens' },
];

export function screenLabel(path: string): string {
  return adminScreens.find((s) => s.path === path)?.label ?? 'This screen';
}
