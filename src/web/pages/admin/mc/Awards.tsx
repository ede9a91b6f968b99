/** The awards ceremony script. */
import { Alert, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { awardList, coupleNames } from './announce.ts';
import type { Announcement } from '../../../api/types.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { big } from './largeType.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import { placeLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { useT } from '../../../i18n/locale.ts';
import { mcText, type McKey } from './text.ts';

/** The heads of a final's placings with names: the awards here, the chairman's result to approve. */
export const placingColumns = (t: Translate<McKey>) => [
  t('col.place'),
  t('col.couple'),
  t('col.dancers'),
  t('col.team'),
];

/** The awards ceremony: places 1–6 of every posted final, with names and team. */
export function Awards({ awards }: { awards: Announcement[] }) {
  const t = useT(mcText);
  const ts = useT(sportText);
  if (awards.length === 0)
    return (
      <Alert color="gray" title={t('awards.empty.title')}>
        <Text fz={big.body}>{t('awards.empty.text')}</Text>
      </Alert>
    );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {awards.map((a) => (
        <Paper key={a.id} withBorder p="md" data-testid="mc-award">
          <Title order={2} fz={big.heading} mb="xs">
            {a.eventName}
          </Title>
          <DataTable
            fz={big.body}
            verticalSpacing={6}
            aria-label={t('awards.label', { event: a.eventName })}
            columns={placingColumns(t)}
          >
            {awardList(a).map((c) => (
              <Table.Tr key={c.coupleNumber}>
                <Table.Td fw={700}>{placeLabel(ts, c.place)}</Table.Td>
                <Table.Td fw={700}>{c.coupleNumber}</Table.Td>
                <Table.Td>
                  {coupleNames(t, c)}
                  {c.status && (
                    <b>
                      {' — '}
                      {t(`withdrawal.${c.status}`)}
                    </b>
                  )}
                </Table.Td>
                <Table.Td>{c.affiliation}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
