import {
  Alert,
  Button,
  Code,
  FileInput,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError, api } from '../../../api/client.ts';
import { toCsv } from '../../../../domain/csv.ts';
import { IMPORT_COLUMNS, type ImportResult } from '../../../../domain/schemas/registration.ts';
import { paths } from '../../../api/paths.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { entriesKey } from './entriesKey.ts';

/**
 * CSV import of registrations: "Check file" runs the import as a dry run and lists every row's problem;
 * only a file without problems can be imported, and then all of it is, or none.
 */
export function ImportPanel({ competitionKey, onDone }: { competitionKey: string; onDone: () => void }) {
  const [fileText, setFileText] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const csv = fileText ?? pasted;
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  // A real import refused for problems answers them in details: show them like a dry run.
  const showRefused = (e: unknown) => {
    if (!(e instanceof ApiError && e.code === 'import_refused')) return false;
    setChecked(e.details as ImportResult);
    return true;
  };
  const check = useCommand({
    run: () => api.post<ImportResult>(paths.registrationsImport(competitionKey), { csv, dryRun: true }),
    onSuccess: (r) => setChecked(r),
    onError: showRefused,
  });
  const importAll = useCommand({
    run: () => api.post<ImportResult>(paths.registrationsImport(competitionKey), { csv, dryRun: false }),
    refresh: [entriesKey(competitionKey)],
    success: (r) => ({ message: `Imported ${r.created} couples.` }),
    onSuccess: (r) => {
      setDone(r);
      setChecked(null);
      onDone();
    },
    onError: showRefused,
  });

  const downloadCodes = (r: ImportResult) => {
    const text = toCsv([
      ['line', 'lead_name', 'follow_name', 'lead_number', 'entry_code'],
      ...r.codes.map((c) => [c.line, c.leadName, c.followName, c.leadNumber, c.entryCode]),
    ]);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    a.download = `${competitionKey}-entry-codes.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Import registrations from CSV
        </Title>
        <Text size="sm">
          One couple per row, with a header row. Columns:{' '}
          <Code style={{ wordBreak: 'break-all' }}>{IMPORT_COLUMNS.join(',')}</Code>. The first six are
          required. <Code>events</Code> lists event names or keys separated by <Code>;</Code>. Optional:{' '}
          <Code>lead_number</Code> (else numbered automatically), <Code>tier</Code> (EARLY, OPEN or LATE: its
          fee applies; else the tier now), <Code>amount_paid</Code>, <Code>lead_placed_out</Code>/
          <Code>follow_placed_out</Code> like <Code>Latin:Silver;Standard:Bronze</Code>,{' '}
          <Code>lead_media</Code>/<Code>follow_media</Code> yes or no. The registrations export has exactly
          these columns.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          onChange={async (file) => {
            setChecked(null);
            setDone(null);
            setFileText(file ? await file.text() : null);
          }}
          clearable
          w={360}
        />
        {fileText === null && (
          <Textarea
            label="…or paste the CSV"
            autosize
            minRows={3}
            maxRows={8}
            value={pasted}
            onChange={(e) => {
              setPasted(e.currentTarget.value);
              setChecked(null);
            }}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
        )}
        <Group gap="sm">
          <Button
            variant="default"
            disabled={!csv}
            loading={check.busy}
            onClick={() => {
              importAll.reset();
              void check.run();
            }}
          >
            Check file
          </Button>
          <Button
            disabled={!checked || checked.problems.length > 0}
            loading={importAll.busy}
            onClick={() => {
              check.reset();
              void importAll.run();
            }}
          >
            {checked && checked.problems.length === 0 ? `Import ${checked.rows} couples` : 'Import'}
          </Button>
        </Group>
        <CommandError command={check.error !== null ? check : importAll} title="Not imported" />
        {checked && checked.problems.length === 0 && (
          <Alert color="green" title="The file is ready" role="status">
            {checked.rows} couples, no problems found. Nothing has been written yet.
          </Alert>
        )}
        {checked && checked.problems.length > 0 && (
          <Alert
            color="red"
            title={`${checked.problems.length} problems — nothing was imported`}
            role="alert"
          >
            <Text size="sm" mb="xs">
              Fix these rows and check the file again. Line numbers count the header as line 1.
            </Text>
            <DataTable
              fz="sm"
              verticalSpacing={2}
              aria-label="Import problems"
              columns={['Line', 'Column', 'Problem']}
            >
              {checked.problems.map((p, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{p.line}</Table.Td>
                  <Table.Td>{p.column ?? ''}</Table.Td>
                  <Table.Td>{p.message}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Alert>
        )}
        {done && (
          <Alert color="green" title={`Imported ${done.created} couples`} role="status">
            <Text size="sm" mb="xs">
              Each couple has an entry code to change their entries. The codes are shown only now: download
              them and send each couple theirs.
            </Text>
            <Button size="xs" variant="light" onClick={() => downloadCodes(done)}>
              Download entry codes (CSV)
            </Button>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
