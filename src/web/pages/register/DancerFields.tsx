import { Fieldset, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LEVELS, type Level } from '../../../domain/levels.ts';
import { STYLES } from '../../../domain/styles.ts';
import type { Eligibility } from '../../../domain/schemas/competition.ts';
import { DancerStanding, type useDancerStanding } from './DancerStanding.tsx';
import type { RegistrationValues } from './registrationValues.ts';
import { useT } from '../../i18n/locale.ts';
import { sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import { registerText } from './text.ts';

/** One dancer of the couple: name, email, and what the level rule needs of them. */
export function DancerFields({
  form,
  who,
  label,
  mode,
  eligibility,
  standing,
}: {
  form: UseFormReturnType<RegistrationValues>;
  who: 'lead' | 'follow';
  label: string;
  mode: 'public' | 'desk';
  eligibility: Eligibility;
  standing: ReturnType<typeof useDancerStanding>;
}) {
  const t = useT(registerText);
  const ts = useT(sportText);
  const v = form.values;
  const ycn = eligibility === 'ycn';
  return (
    <Fieldset legend={label} radius="md" className="reg-fieldset">
      <Stack gap="sm">
        <TextInput
          label={t('fullName')}
          autoComplete="off"
          size="md"
          withAsterisk
          maxLength={200}
          {...form.getInputProps(`${who}.name`)}
        />
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="off"
          size="md"
          withAsterisk
          maxLength={200}
          description={mode === 'public' ? t('email.help') : undefined}
          {...form.getInputProps(`${who}.email`)}
        />
        {ycn && <DancerStanding who={who} standing={standing} />}
        {eligibility === 'declared' && (
          <details className="reg-placed-out">
            <summary>{t('placedOut.summary')}</summary>
            <Text size="sm" c="dimmed" mb="xs">
              {t('placedOut.help')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {STYLES.map((style) => (
                <NativeSelect
                  key={style}
                  label={styleLabel(ts, style)}
                  size="md"
                  data={[{ value: '', label: t('placedOut.none') }, ...LEVELS]}
                  value={v[who].placedOut[style] ?? ''}
                  onChange={(ev) => {
                    const level = ev.currentTarget.value;
                    const next = { ...v[who].placedOut };
                    if (level) next[style] = level as Level;
                    else delete next[style];
                    form.setFieldValue(`${who}.placedOut`, next);
                  }}
                />
              ))}
            </SimpleGrid>
          </details>
        )}
      </Stack>
    </Fieldset>
  );
}
