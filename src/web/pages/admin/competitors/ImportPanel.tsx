import { Alert, Button, Code, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { call } from '../../../api/client.ts';
import { toCsv } from '../../../../domain/csv.ts';
import { IMPORT_COLUMNS, type ImportResult } from '../../../../domain/schemas/registration.ts';
import { CsvImportPanel } from '../../../components/CsvImportPanel.tsx';
import { entriesKey } from './entriesKey.ts';
import { competitorsText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';
import { richText } from './richText.tsx';

/** The file's own words (column names, values): the same in every language. */
const CODES = {
  events: 'events',
  semicolon: ';',
  leadNumber: 'lead_number',
  tier: 'tier',
  amountPaid: 'amount_paid',
  leadPlacedOut: 'lead_placed_out',
  followPlacedOut: 'follow_placed_out',
  placedOutExample: 'Latin:Silver;Standard:Bronze',
  leadMedia: 'lead_media',
  followMedia: 'follow_media',
} as const;

/**
 * CSV import of registrations: "Check file" runs the import as a dry run and lists every row's problem;
 * only a file without problems can be imported, and then all of it is, or none.
 */
export function ImportPanel({ competitionKey, onDone }: { competitionKey: string; onDone: () => void }) {
  const t = useT(competitorsText);
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
      title={t('import.title')}
      help={
        <>
          {richText((v) => t('import.help', v), {
            columns: <Code style={{ wordBreak: 'break-all' }}>{IMPORT_COLUMNS.join(',')}</Code>,
            events: <Code>{CODES.events}</Code>,
            semicolon: <Code>{CODES.semicolon}</Code>,
            leadNumber: <Code>{CODES.leadNumber}</Code>,
            tier: <Code>{CODES.tier}</Code>,
            amountPaid: <Code>{CODES.amountPaid}</Code>,
            leadPlacedOut: <Code>{CODES.leadPlacedOut}</Code>,
            followPlacedOut: <Code>{CODES.followPlacedOut}</Code>,
            placedOutExample: <Code>{CODES.placedOutExample}</Code>,
            leadMedia: <Code>{CODES.leadMedia}</Code>,
            followMedia: <Code>{CODES.followMedia}</Code>,
          })}
        </>
      }
      chooseFile
      send={(csv, dryRun) =>
        call(endpoints.postRegistrationsImport, { key: competitionKey }, { csv, dryRun })
      }
      refresh={[entriesKey(competitionKey)]}
      importable={(r) => r.rows}
      importLabel={(n) => t('import.importLabel', { count: n })}
      importedMessage={(r) => t('import.imported', { count: r.created })}
      onImported={onDone}
      problemsHint={t('import.problems')}
      ready={(r) => (
        <Alert color="green" title={t('import.readyTitle')} role="status">
          {t('import.ready', { count: r.rows })}
        </Alert>
      )}
      imported={(done) => (
        <Alert color="green" title={t('import.importedTitle', { count: done.created })} role="status">
          <Text size="sm" mb="xs">
            {t('import.codes')}
          </Text>
          <Button size="xs" variant="light" onClick={() => downloadCodes(done)}>
            {t('import.download')}
          </Button>
        </Alert>
      )}
    />
  );
}
