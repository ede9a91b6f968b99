import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** The staff shell: the admin menu and header, the dashboard, admin accounts, the record check. */
export const adminShellText = catalog('adminShell', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
