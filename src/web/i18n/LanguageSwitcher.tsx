import { useId, useState } from 'react';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../domain/i18n/locales.ts';
import { layoutText } from '../layout/text.ts';
import { chooseLocale, useLocale, useT } from './locale.ts';

/**
 * The language switcher of the top bar, the staff shell and the judge's tablet: a native select (no
 * weight on the public pages), each language in its own name. The choice is kept on this device.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useT(layoutText);
  const locale = useLocale();
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <span className={['language-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <select
        id={id}
        value={locale}
        disabled={busy}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (!isLocale(next)) return;
          setBusy(true);
          void chooseLocale(next)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
