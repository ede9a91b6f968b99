import { Badge, Box, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useRowCardLabels } from '../../../components/DataTable.tsx';
import type { FloorCouple, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { CoupleMark } from '../../../components/CoupleMark.tsx';
import { coupleMatches, coupleName, heatGroups } from './deckLogic.ts';
import { blockedText, owesText, type Balances } from './balances.ts';

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
        aria-label={`Couples of ${label}`}
        data-testid="round-couples"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={{ base: 56, sm: 80 }}>No.</Table.Th>
            <Table.Th>Couple</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th w={{ base: 140, sm: 170 }}>Check-in</Table.Th>
            <Table.Th w={{ base: 96, sm: 120 }}>
              <VisuallyHidden>Scratch</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {groups.map((g) => (
          <Table.Tbody key={g.heat ?? 'scratched'} data-testid={g.heat ? `heat-${g.heat}` : 'scratched'}>
            <Table.Tr bg="gray.1">
              <Table.Th colSpan={5} scope="colgroup">
                {g.heat === null
                  ? `Scratched (${g.couples.length})`
                  : groups.filter((x) => x.heat !== null).length > 1
                    ? `Heat ${g.heat} · ${g.couples.length} couples`
                    : `One heat · ${g.couples.length} couples`}
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
                          title={owing.invoiceNumber === null ? undefined : `Invoice ${owing.invoiceNumber}`}
                          data-testid={`owes-${c.coupleNumber}`}
                        >
                          {owesText(owing)}
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
                        aria-label={`Check in couple ${c.coupleNumber}`}
                        aria-busy={saving}
                        aria-describedby={blocked ? `blocked-${c.entryId}` : undefined}
                        data-blocked={blocked || undefined}
                        onClick={() => onCheckIn(round, c)}
                      >
                        {c.checkedIn ? (saving ? 'Checked in…' : 'Checked in ✓') : 'Check in'}
                      </Button>
                    )}
                    {blocked && !c.scratched && (
                      <Text size="xs" c="red.9" mt={2} id={`blocked-${c.entryId}`}>
                        <VisuallyHidden>{blockedText(owing)}</VisuallyHidden>
                        <span aria-hidden="true">Blocked until paid</span>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className="row-actions">
                    <Button
                      size="xs"
                      variant="subtle"
                      color={c.scratched ? 'blue' : 'red'}
                      onClick={() => setScratching(c)}
                      aria-label={`${c.scratched ? 'Un-scratch' : 'Scratch'} couple ${c.coupleNumber}`}
                      style={{ textDecoration: 'none' }}
                    >
                      {c.scratched ? 'Un-scratch' : 'Scratch'}
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
