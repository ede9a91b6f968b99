import type { Draft } from './judgeStore.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { sportText } from '../../../domain/i18n/sport.ts';
import { judgeText } from './text.ts';
import { refusalReason } from './refusal.ts';

/** Where this dance's marks are: on the device, sending, confirmed or refused. */
export function SyncState({
  draft,
  online,
  unlocked = false,
}: {
  draft: Draft | undefined;
  online: boolean;
  /** The chairman unlocked this submitted dance: the judge may change it and send it again. */
  unlocked?: boolean;
}) {
  const t = useT(judgeText);
  const sport = useT(sportText);
  const locale = useLocale();
  let text: string;
  let tone: string;
  if (!draft) [text, tone] = [t('sync.none'), 'none'];
  else if (draft.state === 'draft') [text, tone] = [t('sync.draft'), 'draft'];
  else if (draft.state === 'sending')
    [text, tone] = online ? [t('sync.sending'), 'sending'] : [t('sync.waiting'), 'waiting'];
  else if (draft.state === 'confirmed') [text, tone] = [t('sync.confirmed'), 'confirmed'];
  else if (unlocked)
    // The refusal (locked) is out of date once the chairman unlocked the dance.
    [text, tone] = [t('sync.unlocked'), 'draft'];
  else [text, tone] = [t('sync.refused', { reason: refusalReason(draft, t, sport, locale) }), 'refused'];
  return (
    <div className={`judge-sync ${tone}`} role="status" aria-live="polite">
      {text}
      {draft?.state === 'confirmed' && draft.receipt && (
        // The receipt: a checksum of exactly what the server stored; the scrutineer's history shows the same.
        <div className="judge-receipt">
          {t('sync.receipt')} <b data-testid="judge-receipt">{draft.receipt}</b> ·{' '}
          {unlocked ? (
            <b data-testid="judge-unlocked">{t('sync.receiptUnlocked')}</b>
          ) : (
            t('sync.receiptLocked')
          )}
        </div>
      )}
    </div>
  );
}
