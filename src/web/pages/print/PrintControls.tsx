import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/locale.ts';
import type { Paper } from './pagination.ts';
import { printText } from './text.ts';

/**
 * The top of a print page, on screen only (print.css leaves `.print-controls` off paper): its title,
 * the competition and what to do, its buttons on the right, then what else the page says (choices,
 * loading, errors). Sets the paper of the print: `margin` 0 where each sheet has its own.
 */
export function PrintControls({
  title,
  lead,
  actions,
  paper,
  margin,
  maw = 1100,
  children,
}: {
  title: string;
  lead: ReactNode;
  actions: ReactNode;
  paper: Paper;
  margin: string;
  maw?: number;
  children?: ReactNode;
}) {
  const page = `@page { size: ${paper === 'A4' ? 'A4' : 'letter'} portrait; margin: ${margin}; }`;
  return (
    <>
      <style>{page}</style>
      <Stack className="print-controls" gap="sm" maw={maw} mx="auto" mb="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {lead}
            </Text>
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </>
  );
}

/**
 * A print page's choices kept in its address (`?paper=` A4 unless Letter, and the page's own): set
 * in place, so Back leaves the page rather than stepping through its choices.
 */
export function usePrintAddress() {
  const [params, setParams] = useSearchParams();
  const paper: Paper = params.get('paper') === 'Letter' ? 'Letter' : 'A4';
  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        p.set(name, value);
        return p;
      },
      { replace: true },
    );
  return { params, paper, set };
}

/** A4 or Letter, as two buttons side by side. */
export function PaperChoice({ paper, onChange }: { paper: Paper; onChange: (paper: string) => void }) {
  const t = useT(printText);
  return (
    <SegmentedControl
      aria-label={t('choice.paper')}
      value={paper}
      onChange={onChange}
      data={[
        { value: 'A4', label: t('paper.A4') },
        { value: 'Letter', label: t('paper.LetterShort') },
      ]}
    />
  );
}
