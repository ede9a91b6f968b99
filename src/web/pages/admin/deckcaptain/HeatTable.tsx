import { Badge, Box, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useRowCardLabels } from '../../../components/DataTable.tsx';
import type { FloorCouple, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { CoupleMark } from '../../../components/CoupleMark.tsx';
import { coupleMatches, coupleName, heatGroups } from './deckLogic.ts';
import { blockedText, owesText, type Balances } from './balances.ts';
import { useDeckWords } from './words.ts';

/** A round's couples by heat, each with its check-in and scratch buttons (the scratched last). */
export function HeatTable({
  round,
  label,
  pending,
  balances,
  search,
  onCheckIn,
  onScratch: setScratching,
}: {
  /** With the deck captain's taps not yet confirmed already applied. */
  round: RoundCouples;
  label: string;
  pending: ReadonlyMap<number, boolean>;
  /** What couples owe and the check-in rule, when known. */
  balances?: Balances | undefined;
  /** What the search box holds: matching couples are highlighted. */
  search: string;
  onCheckIn: (round: RoundCouples, couple: FloorCouple) => void;
  onScratch: (couple: FloorCouple) => void;
}) {
  const words = useDeckWords();
  const { t } = words;
  const table = useRowCardLabels(true);
  const groups = heatGroups(round);
  return (
    // On a phone the couples table scrolls inside this box, never the page (docs/ui.md).
    <Box style={{ overflowX: 'auto' }}>
      <Table
        ref={table}
        className="row-cards"
        stickyHeader
        verticalSpacing={4}
        aria-label={t('table.label', { round: label })}
        data-testid="round-couples"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={{ base: 56, sm: 80 }}>{t('col.number')}</Table.Th>
            <Table.Th>{t('col.couple')}</Table.Th>
            <Table.Th>{t('col.team')}</Table.Th>
            <Table.Th w={{ base: 140, sm: 170 }}>{t('col.checkIn')}</Table.Th>
            <Table.Th w={{ base: 96, sm: 120 }}>
              <VisuallyHidden>{t('col.scratch')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {groups.map((g) => (
          <Table.Tbody key={g.heat ?? 'scratched'} data-testid={g.heat ? `heat-${g.heat}` : 'scratched'}>
            <Table.Tr bg="gray.1">
              <Table.Th colSpan={5} scope="colgroup">
                {g.heat === null
                  ? t('group.scratched', { count: g.couples.length })
                  : groups.filter((x) => x.heat !== null).length > 1
                    ? t('group.heat', { heat: g.heat, count: g.couples.length })
                    : t('group.oneHeat', { count: g.couples.length })}
              </Table.Th>
            </Table.Tr>
            {g.couples.map((c) => {
              const saving = pending.has(c.entryId);
              const hit = coupleMatches(c, search);
              const owing = balances?.owing.get(c.entryId);
              // Under 'block' the server refuses it; the button says so, and still asks (a payment may be newer).
              const blocked = owing && !c.checkedIn && balances?.rule === 'block';
              return (
                <Table.Tr
                  key={c.entryId}
                  data-testid={`couple-${c.coupleNumber}`}
                  bg={hit ? 'yellow.1' : undefined}
                  style={c.scratched ? { textDecoration: 'line-through', color: '#868e96' } : undefined}
                >
                  <Table.Td fz="xl" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {c.coupleNumber}
                    <CoupleMark star={c.star} status={c.status} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <span>{coupleName(c)}</span>
                      {owing && (
                        <Badge
                          color={owing.account === 'team' ? 'orange' : 'red'}
                          variant="light"
                          miw="max-content"
                          title={
                            owing.invoiceNumber === null
                              ? undefined
                              : t('invoice', { invoice: String(owing.invoiceNumber) })
                          }
                          data-testid={`owes-${c.coupleNumber}`}
                        >
                          {owesText(owing, words)}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{c.affiliation}</Table.Td>
                  <Table.Td>
                    {!c.scratched && (
                      <Button
                        data-checkin={c.entryId}
                        h={44}
                        fullWidth
                        color={c.checkedIn ? 'green.9' : blocked ? 'red.9' : 'gray.7'}
                        variant={c.checkedIn ? 'filled' : 'outline'}
                        aria-pressed={c.checkedIn}
                        aria-label={t('checkIn.label', { number: c.coupleNumber })}
                        aria-busy={saving}
                        aria-describedby={blocked ? `blocked-${c.entryId}` : undefined}
                        data-blocked={blocked || undefined}
                        onClick={() => onCheckIn(round, c)}
                      >
                        {c.checkedIn
                          ? saving
                            ? t('checkIn.saving')
                            : t('checkIn.done')
                          : t('checkIn.button')}
                      </Button>
                    )}
                    {blocked && !c.scratched && (
                      <Text size="xs" c="red.9" mt={2} id={`blocked-${c.entryId}`}>
                        <VisuallyHidden>{blockedText(owing, words)}</VisuallyHidden>
                        <span aria-hidden="true">{t('blocked')}</span>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className="row-actions">
                    <Button
                      size="xs"
                      variant="subtle"
                      color={c.scratched ? 'blue' : 'red'}
                      onClick={() => setScratching(c)}
                      aria-label={t(c.scratched ? 'unscratch.button' : 'scratch.button', {
                        number: c.coupleNumber,
                      })}
                      style={{ textDecoration: 'none' }}
                    >
                      {c.scratched ? t('unscratch.short') : t('scratch.short')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        ))}
      </Table>
    </Box>
  );
}
