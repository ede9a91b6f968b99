import { describe, expect, it } from 'vitest';
import { catalog, loadCatalog, translator } from './catalog.ts';

describe('a translator', () => {
  const text = catalog(
    'catalog-test',
    { save: 'Save', cancel: 'Cancel' },
    {
      // A German catalog that lost a key: the catalog test keeps this from shipping.
      de: () => Promise.resolve({ default: { save: 'Speichern' } }),
      es: () => Promise.resolve({ default: { save: 'Guardar', cancel: 'Cancelar' } }),
    },
  );

  it('reads English until the language has loaded, then the language', async () => {
    expect(translator(text, 'es')('cancel')).toBe('Cancel');
    await loadCatalog(text, 'es');
    expect(translator(text, 'es')('cancel')).toBe('Cancelar');
  });

  it('reads a key its language lacks in English, never as the key', async () => {
    await loadCatalog(text, 'de');
    const t = translator(text, 'de');
    expect(t('save')).toBe('Speichern');
    expect(t('cancel')).toBe('Cancel');
    expect((t as (k: string) => string)('nowhere')).toBe('nowhere');
  });
});
