/** The awards ceremony script. */
import { Alert, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { awardList } from './announce.ts';
import type { Announcement } from '../../../api/types.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ordinal } from '../../../components/format.ts';
import { big } from './largeType.ts';
import { WITHDRAWAL_LABELS } from '../../../../domain/rounds/formats.ts';

/** The heads of a final's placings with names: the awards here, the chairman's result to approve. */
export const placingColumns = ['Place', 'Couple', 'Dancers', 'Team'];

/** The awards ceremony: places 1–6 of every posted final, with names and team. */
export function Awards({ awards }: { awards: Announcement[] }) {
  if (awards.length === 0)
    return (
      <Alert color="gray" title="No final posted yet">
        <Text fz={big.body}>Award lists appear here as soon as a final is posted.</Text>
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
            aria-label={`Awards, ${a.eventName}`}
            columns={placingColumns}
          >
            {awardList(a).map((c) => (
              <Table.Tr key={c.coupleNumber}>
                <Table.Td fw={700}>{Number.isInteger(c.place) ? ordinal(c.place) : `${c.place}`}</Table.Td>
                <Table.Td fw={700}>{c.coupleNumber}</Table.Td>
                <Table.Td>
                  {c.leadName} and {c.followName}
                  {c.status && <b>{` — ${WITHDRAWAL_LABELS[c.status]}`}</b>}
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
