import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A message catalog: `<namespace folder>/locales/<language>.json` (src/domain/i18n/catalog.ts). */
export const CATALOG_FILE = /[\\/]locales[\\/](en|de|es)\.json$/;

/**
 * Compiles every catalog's ICU messages when it is bundled, so the browser interprets ready-made
 * messages and carries no parser; a message with nothing to fill in stays its text. A message that does not parse fails the build, naming it.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'promenade-message-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG_FILE.test(id.split('?')[0]!)) return null;
      const source = JSON.parse(code) as Record<string, unknown>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(source)) {
        if (typeof message !== 'string') throw new Error(`${id}: "${key}" is not a string`);
        try {
          const tokens = compileMessage(message);
          // Plain text stays a string (smaller, and read as is: src/domain/i18n/catalog.ts).
          compiled[key] =
            Array.isArray(tokens) && tokens.length === 1 && typeof tokens[0] === 'string'
              ? tokens[0]
              : tokens;
        } catch (error) {
          throw new Error(`${id}: "${key}" is not a valid ICU message: ${String(error)}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
