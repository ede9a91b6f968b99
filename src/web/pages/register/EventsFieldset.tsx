import { Fieldset, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../components/format.ts';
import { EventCheckbox } from './EventCheckbox.tsx';
import type { StyleGroup } from './eventGroups.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import { registerText } from './text.ts';

/** The events by style and level; an event the level rule refuses says why. */
export function EventsFieldset({
  groups,
  chosen,
  refusedEvents,
  ycn,
  error,
  currency,
  onToggle,
}: {
  groups: readonly StyleGroup[];
  chosen: readonly string[];
  refusedEvents: ReadonlyMap<string, string>;
  /** Under YCN points a refusal shows before the event is chosen. */
  ycn: boolean;
  error: ReactNode;
  /** Events with their own fee say it, in this currency. */
  currency: string;
  onToggle: (key: string, on: boolean) => void;
}) {
  const t = useT(registerText);
  const ts = useT(sportText);
  const locale = useLocale();
  return (
    <Fieldset legend={t('events')} radius="md" className="reg-fieldset">
      {error && (
        <Text c="red" size="sm" mb="xs" role="alert">
          {error}
        </Text>
      )}
      {groups.length === 0 && <Text>{t('events.none')}</Text>}
      {groups.map((g) => (
        <section key={g.style} className="reg-style" aria-label={styleLabel(ts, g.style)}>
          <h3>{styleLabel(ts, g.style)}</h3>
          {g.levels.map((l) => (
            <div key={l.level} className="reg-level">
              <Text size="sm" fw={600} c="dimmed" tt="uppercase">
                {l.level}
              </Text>
              {l.events.map((e) => {
                const refused = refusedEvents.get(e.key);
                const checked = chosen.includes(e.key);
                return (
                  <EventCheckbox
                    key={e.key}
                    event={e}
                    checked={checked}
                    error={(checked || ycn) && refused ? refused : undefined}
                    price={
                      e.fee === null || e.fee === undefined ? undefined : formatMoney(e.fee, currency, locale)
                    }
                    onToggle={onToggle}
                  />
                );
              })}
            </div>
          ))}
        </section>
      ))}
    </Fieldset>
  );
}
