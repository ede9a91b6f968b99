/**
 * The registration confirmation each dancer of a newly registered couple receives: the competition by
 * its full name, the couple, their events, what they owe, their number and a link back to their
 * registration. The entry code is never in it: an email is not a safe place for a password, and the
 * link opens the registration on its own.
 */
import { formatDateRange, formatMoney, TIER_NAMES } from '../format.ts';
import type { RegistrationTierName } from '../registration.ts';
import { composeMessage, namesTogether, type ComposedMessage, type MessageBlock } from './compose.ts';

export interface ConfirmationFacts {
  competition: { fullName: string; startDate: string; endDate: string; currency: string };
  /** Who this copy is addressed to: one dancer, or both when they share an address. */
  recipients: string[];
  lead: { name: string };
  follow: { name: string };
  affiliation: string;
  /** The lead's number on the floor, when one is given. */
  leadNumber: number | null;
  events: { name: string }[];
  tier: RegistrationTierName;
  /** The tier's fee per dancer per event. */
  feePerDancer: number;
  /** What the registration's entries cost, in currency units (src/domain/money/billing.ts). */
  amountDue: number;
  /** The couple's team pays for their entries (the organizer's switch): named here. */
  teamPays?: string | null;
  /** Opens the couple's registration on the site. */
  link: string;
}

export function confirmationMessage(f: ConfirmationFacts): ComposedMessage {
  const c = f.competition;
  const money = (amount: number) => formatMoney(amount, c.currency);
  const dates = formatDateRange(c.startDate, c.endDate);
  const blocks: MessageBlock[] = [
    { kind: 'paragraph', text: `Hello ${namesTogether(f.recipients)},` },
    {
      kind: 'paragraph',
      text: `${f.lead.name} (lead) and ${f.follow.name} (follow) of ${f.affiliation} are registered for ${c.fullName}${dates ? `, ${dates}` : ''}.`,
    },
  ];
  if (f.leadNumber !== null)
    blocks.push({ kind: 'paragraph', text: `Your number: ${f.leadNumber} (worn by the lead).` });
  blocks.push(
    { kind: 'heading', text: f.events.length === 1 ? 'Your event' : 'Your events' },
    { kind: 'list', items: f.events.map((e) => e.name) },
    {
      kind: 'paragraph',
      text: f.teamPays
        ? `Your entries (${money(f.amountDue)}) are billed to your team, ${f.teamPays}: your captain pays them.`
        : `Amount due: ${money(f.amountDue)} (${TIER_NAMES[f.tier] ?? f.tier} tier, ${money(f.feePerDancer)} per dancer per event).`,
    },
    { kind: 'link', label: 'See or change your registration', href: f.link },
    {
      kind: 'paragraph',
      text: 'You can add or drop events there until registration closes. If you did not register for this competition, you can ignore this message.',
    },
  );
  return composeMessage(`Registered: ${c.fullName}`, blocks);
}
