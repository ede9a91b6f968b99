import { ColorInput, Select, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';

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
  return (
    <SetupSection id="setup-competition" title="Competition">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Full name" required {...form.getInputProps('fullName')} />
        <ColorInput
          label="Primary colour"
          description="Accent of the public site: top bar, buttons, links"
          format="hex"
          swatches={colourSwatches}
          // Mantine's eye dropper (shown where the browser has one) is an icon without a name.
          eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
          {...form.getInputProps('primaryColor')}
        />
        <Select
          label="Time zone"
          description="Where the competition takes place; dates and times are shown in it"
          searchable
          limit={50}
          data={zones}
          nothingFoundMessage="No such time zone"
          allowDeselect={false}
          {...form.getInputProps('timeZone')}
        />
        <Switch
          label="Show the results page"
          description="The top bar then offers See Results instead of Register"
          mt={{ sm: 'lg' }}
          {...form.getInputProps('resultsPageShown', { type: 'checkbox' })}
        />
        <Switch
          label="Chairman approves results"
          description="Each computed result needs the chairman's approval before it is posted"
          {...form.getInputProps('requireApproval', { type: 'checkbox' })}
        />
        <WholeNumberInput
          label="Minimum rest (minutes)"
          description="Least time a dancer gets between rounds of different events; less is listed as a conflict"
          min={0}
          max={240}
          {...form.getInputProps('minRestMinutes')}
        />
        <TagsInput
          label="Floors"
          description="The floors rounds are danced on; type a name and press Enter"
          maxTags={8}
          {...form.getInputProps('floors')}
        />
        <Switch
          label="Only the chairman opens locked marks"
          description="The scrutineer's paper corrections to a judge's submitted marks also wait for the chairman's unlock (WDSF rule)"
          {...form.getInputProps('correctionsNeedUnlock', { type: 'checkbox' })}
        />
        <Switch
          label="Email results to the dancers of an event when its results are posted"
          description="When a final is posted, each of its dancers gets their couple's place and a link to the results; a final posted again after a correction sends the corrected places"
          {...form.getInputProps('resultsEmails', { type: 'checkbox' })}
        />
        <Select
          label="Level rule"
          description="Who may enter which level: placed-out levels the dancers declare, YCN proficiency points from results, or no rule"
          allowDeselect={false}
          data={[
            { value: 'declared', label: 'Declared placed-out levels' },
            { value: 'ycn', label: 'YCN proficiency points' },
            { value: 'none', label: 'No level rule' },
          ]}
          {...form.getInputProps('eligibility')}
        />
        <TextInput label="Start date" type="date" {...form.getInputProps('startDate')} />
        <TextInput label="End date" type="date" {...form.getInputProps('endDate')} />
      </SimpleGrid>
    </SetupSection>
  );
}
