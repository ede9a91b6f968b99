import { Alert, Button, Code, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { call } from '../../../api/client.ts';
import { toCsv } from '../../../../domain/csv.ts';
import { IMPORT_COLUMNS, type ImportResult } from '../../../../domain/schemas/registration.ts';
import { CsvImportPanel } from '../../../components/CsvImportPanel.tsx';
import { entriesKey } from './entriesKey.ts';

/**
 * CSV import of registrations: "Check file" runs the import as a dry run and lists every row's problem;
 * only a file without problems can be imported, and then all of it is, or none.
 */
export function ImportPanel({ competitionKey, onDone }: { competitionKey: string; onDone: () => void }) {
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
    <CsvImportPanel<ImportResult>
      title="Import registrations from CSV"
      help={
        <>
          One couple per row, with a header row. Columns:{' '}
          <Code style={{ wordBreak: 'break-all' }}>{IMPORT_COLUMNS.join(',')}</Code>. The first six are
          required. <Code>events</Code> lists event names or keys separated by <Code>;</Code>. Optional:{' '}
          <Code>lead_number</Code> (else numbered automatically), <Code>tier</Code> (EARLY, OPEN or LATE: its
          fee applies; else the tier now), <Code>amount_paid</Code>, <Code>lead_placed_out</Code>/
          <Code>follow_placed_out</Code> like <Code>Latin:Silver;Standard:Bronze</Code>,{' '}
          <Code>lead_media</Code>/<Code>follow_media</Code> yes or no. The registrations export has exactly
          these columns.
        </>
      }
      chooseFile
      send={(csv, dryRun) =>
        call(endpoints.postRegistrationsImport, { key: competitionKey }, { csv, dryRun })
      }
      refresh={[entriesKey(competitionKey)]}
      importable={(r) => r.rows}
      importLabel={(n) => `Import ${n} couples`}
      importedMessage={(r) => `Imported ${r.created} couples.`}
      onImported={onDone}
      problemsHint="Fix these rows and check the file again. Line numbers count the header as line 1."
      ready={(r) => (
        <Alert color="green" title="The file is ready" role="status">
          {r.rows} couples, no problems found. Nothing has been written yet.
        </Alert>
      )}
      imported={(done) => (
        <Alert color="green" title={`Imported ${done.created} couples`} role="status">
          <Text size="sm" mb="xs">
            Each couple has an entry code to change their entries. The codes are shown only now: download them
            and send each couple theirs.
          </Text>
          <Button size="xs" variant="light" onClick={() => downloadCodes(done)}>
            Download entry codes (CSV)
          </Button>
        </Alert>
      )}
    />
  );
}
