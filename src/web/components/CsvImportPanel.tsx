import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { useCommand } from '../api/useCommand.ts';
import type { ImportProblem } from '../../domain/schemas/registration.ts';
import { CommandError } from './ApiErrorAlert.tsx';
import { DataTable } from './DataTable.tsx';
import { useLocale, useT } from '../i18n/locale.ts';
import { staffControlsText } from './staff/text.ts';
import { importProblemText } from './importProblem.ts';

/** What every import answers (server: http/csvImport.ts). */
export interface ImportAnswer {
  problems: ImportProblem[];
}

export interface CsvImportPanelProps<A extends ImportAnswer> {
  title: string;
  /** The columns and how to write them. */
  help: ReactNode;
  /** Sends the file: `dryRun` checks it and writes nothing. */
  send: (csv: string, dryRun: boolean) => Promise<A>;
  /** Queries an import changes. */
  refresh: readonly QueryKey[];
  /** How many rows a checked file would import (0: nothing to import). */
  importable: (checked: A) => number;
  /** "Import 12 couples". */
  importLabel: (n: number) => string;
  /** The notice once imported. */
  importedMessage: (done: A) => string;
  /** Offer choosing a file as well as pasting (the paste field's label then says so). */
  chooseFile?: boolean;
  /** A landmark for the panel (its aria-label), when the page has several. */
  sectionLabel?: string;
  /** Under the problems' title: how to go on. */
  problemsHint?: ReactNode;
  /** A checked file without problems, before it is imported. */
  ready?: (checked: A) => ReactNode;
  /** The checked rows as they would be imported. */
  preview?: (checked: A) => ReactNode;
  /** What the import did (shown until another file is chosen). */
  imported?: (done: A) => ReactNode;
  /** Clear the pasted file once imported. */
  clearWhenImported?: boolean;
  onImported?: (done: A) => void;
}

/**
 * A CSV import: "Check file" runs it as a dry run and lists every row's problem; only a file without
 * problems can be imported, and then all of it is, or none. One panel for every import of the app.
 */
export function CsvImportPanel<A extends ImportAnswer>(props: CsvImportPanelProps<A>) {
  const t = useT(staffControlsText);
  const locale = useLocale();
  const [fileText, setFileText] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const csv = fileText ?? pasted;
  const [checked, setChecked] = useState<A | null>(null);
  const [done, setDone] = useState<A | null>(null);
  // A real import refused for problems answers them in details: show them like a dry run.
  const showRefused = (e: unknown) => {
    if (!(e instanceof ApiError && e.code === 'import_refused')) return false;
    setChecked(e.details as A);
    return true;
  };
  const check = useCommand({
    run: () => props.send(csv, true),
    onSuccess: (r) => setChecked(r),
    onError: showRefused,
  });
  const importAll = useCommand({
    run: () => props.send(csv, false),
    refresh: props.refresh,
    success: (r) => ({ message: props.importedMessage(r) }),
    onSuccess: (r) => {
      setDone(r);
      setChecked(null);
      if (props.clearWhenImported) setPasted('');
      props.onImported?.(r);
    },
    onError: showRefused,
  });
  const count = checked && !checked.problems.length ? props.importable(checked) : 0;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      {...(props.sectionLabel ? { component: 'section', 'aria-label': props.sectionLabel } : {})}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Text size="sm">{props.help}</Text>
        {props.chooseFile && (
          <FileInput
            label={t('csv.file')}
            placeholder={t('csv.file.placeholder')}
            accept=".csv,text/csv"
            onChange={async (file) => {
              setChecked(null);
              setDone(null);
              setFileText(file ? await file.text() : null);
            }}
            clearable
            w={360}
          />
        )}
        {fileText === null && (
          <Textarea
            label={props.chooseFile ? t('csv.paste.orFile') : t('csv.paste')}
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
            {t('csv.check')}
          </Button>
          <Button
            disabled={count === 0}
            loading={importAll.busy}
            onClick={() => {
              check.reset();
              void importAll.run();
            }}
          >
            {checked && !checked.problems.length ? props.importLabel(count) : t('csv.import')}
          </Button>
        </Group>
        <CommandError command={check.error !== null ? check : importAll} title={t('csv.failed')} />
        {checked && !checked.problems.length && props.ready?.(checked)}
        {checked && checked.problems.length > 0 && (
          <Alert color="red" title={t('csv.problems.title', { count: checked.problems.length })} role="alert">
            {props.problemsHint && (
              <Text size="sm" mb="xs">
                {props.problemsHint}
              </Text>
            )}
            <DataTable
              fz="sm"
              verticalSpacing={2}
              aria-label={t('csv.problems')}
              columns={[t('csv.column.line'), t('csv.column.column'), t('csv.column.problem')]}
            >
              {checked.problems.map((p, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{p.line}</Table.Td>
                  <Table.Td>{p.column ?? ''}</Table.Td>
                  <Table.Td>{importProblemText(p, t, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Alert>
        )}
        {checked && props.preview?.(checked)}
        {done && props.imported?.(done)}
      </Stack>
    </Paper>
  );
}
