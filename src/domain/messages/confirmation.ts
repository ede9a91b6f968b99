/**
 * The registration confirmation each dancer of a newly registered couple receives: the competition by
 * its full name, the couple, their events, what they owe, their number and a link back to their
 * registration. The entry code is never in it: an email is not a safe place for a password, and the
 * link opens the registration on its own.
 */
import { formatDateRange, formatMoney } from '../format.ts';
import type { Locale } from '../i18n/locales.ts';
import type { RegistrationTierName } from '../registration.ts';
import { composeMessage, namesTogether, type ComposedMessage, type MessageBlock } from './compose.ts';
import { hasMessage, messagesT } from './text.ts';

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
  /** The language the couple registered in (its catalog loaded: loadCatalog). */
  locale?: Locale;
}

export function confirmationMessage(f: ConfirmationFacts): ComposedMessage {
  const c = f.competition;
  const locale = f.locale ?? 'en';
  const t = messagesT(locale);
  const money = (amount: number) => formatMoney(amount, c.currency, locale);
  const dates = formatDateRange(c.startDate, c.endDate, locale);
  const couple = {
    lead: f.lead.name,
    follow: f.follow.name,
    affiliation: f.affiliation,
    competition: c.fullName,
  };
  const tierKey = `tier.${f.tier}`;
  const tier = hasMessage(tierKey) ? t(tierKey) : f.tier;
  const blocks: MessageBlock[] = [
    { kind: 'paragraph', text: t('hello', { names: namesTogether(f.recipients, t) }) },
    {
      kind: 'paragraph',
      text: dates
        ? t('confirmation.registeredDates', { ...couple, dates })
        : t('confirmation.registered', couple),
    },
  ];
  if (f.leadNumber !== null)
    blocks.push({ kind: 'paragraph', text: t('confirmation.number', { number: String(f.leadNumber) }) });
  blocks.push(
    { kind: 'heading', text: t('confirmation.events', { count: f.events.length }) },
    { kind: 'list', items: f.events.map((e) => e.name) },
    {
      kind: 'paragraph',
      text: f.teamPays
        ? t('confirmation.teamPays', { amount: money(f.amountDue), team: f.teamPays })
        : t('confirmation.amountDue', { amount: money(f.amountDue), tier, fee: money(f.feePerDancer) }),
    },
    { kind: 'link', label: t('confirmation.link'), href: f.link },
    { kind: 'paragraph', text: t('confirmation.closing') },
  );
  return composeMessage(t('confirmation.subject', { competition: c.fullName }), blocks);
}
