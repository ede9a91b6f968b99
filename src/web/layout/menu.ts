/** The public menu (spec §2), by route name, in order; `label` is its key in layoutText. */
export const publicMenu = [
  { name: 'home', to: '/', label: 'menu.home' },
  { name: 'details', to: '/details', label: 'menu.details' },
  { name: 'rules', to: '/rules', label: 'menu.rules' },
  { name: 'venue', to: '/venue', label: 'menu.venue' },
  { name: 'contact', to: '/contact', label: 'menu.contact' },
  { name: 'about', to: '/about', label: 'menu.about' },
] as const;

/** The top bar's one button: results once they are public, registration before. */
export function callToAction(resultsPageShown: boolean): {
  to: string;
  label: 'cta.results' | 'cta.register';
} {
  return resultsPageShown
    ? { to: '/results', label: 'cta.results' }
    : { to: '/register', label: 'cta.register' };
}
