/**
 * What an official's sign-in card says: the address that opens their own sign-in, and who they are.
 * Pure, so the card, the officials list and the tests agree.
 */
import type { OfficialRole } from '../../../../domain/schemas/competition.ts';
import { officialsEnglish, type OfficialsT } from './text.ts';

/** The screen each role works on; `?official=` chooses them on a screen several officials share. */
const SCREENS: Record<Exclude<OfficialRole, 'Judge'>, string> = {
  'Deck Captain': '/admin/deckcaptain',
  Scrutineer: '/admin/scrutineer',
  Chairman: '/admin/chairman',
  MC: '/admin/mc',
};

/** The path of the official's tablet: a judge's own marking page, else their role's screen. */
export function tabletPath(o: { id: number; role: OfficialRole }): string {
  if (o.role === 'Judge') return `/judges/${o.id}`;
  // The MC's screen needs no sign-in: nobody to choose.
  return o.role === 'MC' ? SCREENS.MC : `${SCREENS[o.role]}?official=${o.id}`;
}

/** "Judge B", "Deck Captain": the role as the card and the tablet name it. */
export const roleTitle = (o: { role: OfficialRole; letter: string }, t: OfficialsT = officialsEnglish) =>
  o.role === 'Judge' && o.letter ? t('card.judge', { letter: o.letter }) : t(`role.${o.role}`);
