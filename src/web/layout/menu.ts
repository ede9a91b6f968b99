/** The public menu (spec §2), by route name, in order. */
export const publicMenu = [
  { name: 'home', to: '/', label: 'Competitor Info' },
  { name: 'details', to: '/details', label: 'Details' },
  { name: 'rules', to: '/rules', label: 'Rules' },
  { name: 'venue', to: '/venue', label: 'Venue' },
  { name: 'contact', to: '/contact', label: 'Contact' },
  { name: 'about', to: '/about', label: 'About' },
] as const;

/** The top bar's one button: results once they are public, registration before. */
export function callToAction(resultsPageShown: boolean): { to: string; label: string } {
  return resultsPageShown ? { to: '/results', label: 'See Results' } : { to: '/register', label: 'Register' };
}
