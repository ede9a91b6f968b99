import en from './locales/en.json' with { type: 'json' };
import { catalog, type Translate } from '../../../domain/i18n/catalog.ts';

/**
 * A failure's words every reader may need at once (no connection, a session that ended, no access).
 * The words of the server's refusals by code come with `./codes/` only for a reader of another
 * language than English (`./lazy.ts`): an English reader reads the server's own message.
 */
export const errorsText = catalog('errors', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type ErrorsT = Translate<keyof typeof en>;
