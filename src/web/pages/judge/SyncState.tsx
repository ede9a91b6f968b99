import type { Draft } from './judgeStore.ts';

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
  let text: string;
  let tone: string;
  if (!draft) [text, tone] = ['Nothing marked yet', 'none'];
  else if (draft.state === 'draft') [text, tone] = ['Saved on this device — not sent yet', 'draft'];
  else if (draft.state === 'sending')
    [text, tone] = online
      ? ['Sending…', 'sending']
      : ['Saved on this device — sending when the network is back', 'waiting'];
  else if (draft.state === 'confirmed')
    [text, tone] = ["Sent — confirmed by the scrutineer's server", 'confirmed'];
  else if (unlocked)
    // The refusal (locked) is out of date once the chairman unlocked the dance.
    [text, tone] = ['Unlocked by the chairman — change your marks if needed and send them again', 'draft'];
  else [text, tone] = [`Not accepted: ${draft.message ?? 'the server refused these marks.'}`, 'refused'];
  return (
    <div className={`judge-sync ${tone}`} role="status" aria-live="polite">
      {text}
      {draft?.state === 'confirmed' && draft.receipt && (
        // The receipt: a checksum of exactly what the server stored; the scrutineer's history shows the same.
        <div className="judge-receipt">
          Receipt <b data-testid="judge-receipt">{draft.receipt}</b> ·{' '}
          {unlocked ? (
            <b data-testid="judge-unlocked">unlocked by the chairman: change it and send again</b>
          ) : (
            'locked: ask the chairman to change it'
          )}
        </div>
      )}
    </div>
  );
}
