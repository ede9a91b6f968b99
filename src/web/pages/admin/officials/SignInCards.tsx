/**
 * Officials' sign-in cards: who, the tablet's address and its QR code, and the access code when it was
 * just issued. Loaded only when a card is shown (the QR code library comes with it). The cards show in
 * the dialog and, for paper, in a print-only copy (signInCards.css): the dialog itself does not print.
 */
import { createPortal } from 'react-dom';
import type { AdminOfficial } from '../../../api/types.ts';
import { roleTitle, tabletPath } from './signInCard.ts';
import { inScope } from '../../../shared/competitionScope.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { QrCode } from '../../../components/QrCode.tsx';
import './signInCards.css';
import { useT } from '../../../i18n/locale.ts';
import { officialsText } from './text.ts';

export interface SignInCardData {
  official: Pick<AdminOfficial, 'id' | 'name' | 'role' | 'letter'>;
  /** Only right after it was issued: codes are stored as a hash and never shown again. */
  accessCode?: string;
}

/** Cards on one printed page: two by two (signInCards.css). */
const PER_SHEET = 4;

function SignInCard({
  card,
  competitionName,
  onScreen,
}: {
  card: SignInCardData;
  competitionName: string;
  /** The copy in the dialog (named for tests and screen readers); the paper copy is not. */
  onScreen: boolean;
}) {
  // Always at the competition's own address (/c/{key}/…), as number cards are: a card printed while
  // this competition is the site's still opens it after another one takes the site's address.
  const t = useT(officialsText);
  const { key } = useCompetition();
  const { official: o, accessCode } = card;
  const url = `${window.location.origin}${inScope(key ?? null, tabletPath(o))}`;
  return (
    <article
      className="signin-card"
      aria-label={onScreen ? t('card.of', { name: o.name }) : undefined}
      data-testid={onScreen ? 'signin-card' : undefined}
    >
      <div className="signin-card-head">
        <span>{competitionName}</span>
        <span>{t('card.title')}</span>
      </div>
      <div className="signin-card-role">{roleTitle(o, t)}</div>
      <div className="signin-card-name">{o.name}</div>
      <div className="signin-card-body">
        <QrCode text={url} className="signin-qr" />
        <div className="signin-card-text">
          <div className="signin-card-label">{t('card.open')}</div>
          <div className="signin-card-url" data-testid={onScreen ? 'signin-url' : undefined}>
            {url}
          </div>
          <div className="signin-card-label">{t('card.code')}</div>
          {accessCode ? (
            <>
              <div className="signin-card-code" data-testid={onScreen ? 'access-code' : undefined}>
                {accessCode}
              </div>
              <div className="signin-card-once">{t('card.once')}</div>
            </>
          ) : (
            <div className="signin-card-nocode">{t('card.noCode')}</div>
          )}
        </div>
      </div>
    </article>
  );
}

/** The cards on screen, and their paper copy (printed alone, two by two on a page). */
export default function SignInCards({
  cards,
  competitionName,
}: {
  cards: readonly SignInCardData[];
  competitionName: string;
}) {
  const each = (list: readonly SignInCardData[], onScreen: boolean) =>
    list.map((c) => (
      <SignInCard key={c.official.id} card={c} competitionName={competitionName} onScreen={onScreen} />
    ));
  // Paper: a sheet of four per page, so a page break never cuts a card in two.
  const sheets = Array.from({ length: Math.ceil(cards.length / PER_SHEET) }, (_, i) =>
    cards.slice(i * PER_SHEET, (i + 1) * PER_SHEET),
  );
  return (
    <>
      <div className="signin-cards">{each(cards, true)}</div>
      {createPortal(
        <div className="signin-print">
          {sheets.map((sheet, i) => (
            <div key={i} className="signin-sheet">
              {each(sheet, false)}
            </div>
          ))}
        </div>,
        document.body,
      )}
    </>
  );
}
