/**
 * Every staff screen of spec §2, in the order the admin navigation and the dashboard list them.
 * `ready: false` would mark a screen not built yet (the dashboard then says so); every one is built now.
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
    path: '/admin/competitions',
    label: 'Competitions',
    description: 'Every competition: new, clone, served at /, archive, back up and restore',
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
    path: '/admin/money',
    label: 'Money',
    description: 'Invoices, payments, teams and the ledger',
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
    ready: true,
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
    path: '/admin/people',
    label: 'People',
    description: 'Dancers across competitions: duplicates, merges and results from elsewhere',
    group: 'people',
    ready: true,
  },
  {
    path: '/admin/messages',
    label: 'Messages',
    description: 'Emails to dancers: confirmations, entry links, announcements, and whether each arrived',
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
    ready: true,
  },
  {
    path: '/admin/chairman',
    label: 'Chairman',
    description: "Panel progress, tie decisions and approval (chairman's code)",
    group: 'open',
    ready: true,
  },
  {
    path: '/admin/chairman/judging-report',
    label: 'Judging report',
    description: "Each judge's marks against the posted results; judges who stand out flagged",
    group: 'open',
    ready: true,
  },
  {
    path: '/admin/mc',
    label: 'MC',
    description: 'What to announce next (no sign-in needed)',
    group: 'open',
    ready: true,
  },
  {
    path: '/print-sheets',
    label: 'Print sheets',
    description: "Judges' sheets, heat lists, recalls, results, numbers and schedules on paper",
    group: 'open',
    ready: true,
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
