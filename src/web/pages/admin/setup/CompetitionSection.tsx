import { ColorInput, Select, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import { setupText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

const colourSwatches = [
  '#1c7ed6',
  '#7048e8',
  '#c2255c',
  '#e8590c',
  '#2b8a3e',
  '#0c8599',
  '#862e9c',
  '#212529',
];

/** The competition: name, colour, time zone, dates, results page, approval. */
export function CompetitionSection({
  form,
  zones,
}: {
  form: UseFormReturnType<SetupValues>;
  zones: string[];
}) {
  const t = useT(setupText);
  return (
    <SetupSection id="setup-competition" title={t('competition.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('competition.fullName')} required {...form.getInputProps('fullName')} />
        <ColorInput
          label={t('competition.colour')}
          description={t('competition.colourHelp')}
          format="hex"
          swatches={colourSwatches}
          // Mantine's eye dropper (shown where the browser has one) is an icon without a name.
          eyeDropperButtonProps={{ 'aria-label': t('competition.eyeDropper') }}
          {...form.getInputProps('primaryColor')}
        />
        <Select
          label={t('competition.timeZone')}
          description={t('competition.timeZoneHelp')}
          searchable
          limit={50}
          data={zones}
          nothingFoundMessage={t('competition.noTimeZone')}
          allowDeselect={false}
          {...form.getInputProps('timeZone')}
        />
        <Switch
          label={t('competition.resultsPage')}
          description={t('competition.resultsPageHelp')}
          mt={{ sm: 'lg' }}
          {...form.getInputProps('resultsPageShown', { type: 'checkbox' })}
        />
        <Switch
          label={t('competition.approval')}
          description={t('competition.approvalHelp')}
          {...form.getInputProps('requireApproval', { type: 'checkbox' })}
        />
        <WholeNumberInput
          label={t('competition.minRest')}
          description={t('competition.minRestHelp')}
          min={0}
          max={240}
          {...form.getInputProps('minRestMinutes')}
        />
        <TagsInput
          label={t('competition.floors')}
          description={t('competition.floorsHelp')}
          maxTags={8}
          {...form.getInputProps('floors')}
        />
        <Switch
          label={t('competition.unlock')}
          description={t('competition.unlockHelp')}
          {...form.getInputProps('correctionsNeedUnlock', { type: 'checkbox' })}
        />
        <Switch
          label={t('competition.resultsEmails')}
          description={t('competition.resultsEmailsHelp')}
          {...form.getInputProps('resultsEmails', { type: 'checkbox' })}
        />
        <Select
          label={t('competition.levelRule')}
          description={t('competition.levelRuleHelp')}
          allowDeselect={false}
          data={[
            { value: 'declared', label: t('competition.levelDeclared') },
            { value: 'ycn', label: t('competition.levelYcn') },
            { value: 'none', label: t('competition.levelNone') },
          ]}
          {...form.getInputProps('eligibility')}
        />
        <TextInput label={t('competition.startDate')} type="date" {...form.getInputProps('startDate')} />
        <TextInput label={t('competition.endDate')} type="date" {...form.getInputProps('endDate')} />
      </SimpleGrid>
    </SetupSection>
  );
}
