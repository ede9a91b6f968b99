import { Button, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { TieDecision } from '../../../../domain/schemas/marks.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import type { RoundResultsView, TieDecisionDetails } from '../../../api/types.ts';
import { formatAjsTotal } from '../../../../domain/scoring/ajs.ts';
import { textValue } from '../../../components/textValue.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { useT } from '../../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText } from './text.ts';

// The scrutineer's questions about a round's result: how to break a tie at the cut-off, post, un-post.

/** Couples tied at the cut-off: recall all of them or none, then compute again. */
export function TieDialog({
  tie,
  tieChoice,
  setTieChoice,
  onClose,
  onCompute,
  busy,
}: {
  tie: TieDecisionDetails;
  tieChoice: TieDecision;
  setTieChoice: (choice: TieDecision) => void;
  onClose: () => void;
  onCompute: () => void;
  busy: boolean;
}) {
  const t = useT(scrutineerText);
  const tied = { count: tie.tiedAtCutoff.length, couples: tie.tiedAtCutoff.join(', ') };
  return (
    <Modal opened onClose={onClose} title={t('tie.title')} size="lg">
      <Stack>
        <Text size="sm">
          {tie.byTotal
            ? t('tie.textTotal', { ...tied, total: formatAjsTotal(tie.cutoffMarks) })
            : t('tie.textMarks', { ...tied, marks: tie.cutoffMarks })}
        </Text>
        <Radio.Group
          value={tieChoice}
          onChange={(v) => setTieChoice(v as TieDecision)}
          label={t('tie.recall')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="includeTied" label={t('tie.all', { count: tie.options.includeTied.count })} />
            <Radio value="excludeTied" label={t('tie.none', { count: tie.options.excludeTied.count })} />
          </Stack>
        </Radio.Group>
        <DialogActions onCancel={onClose}>
          <Button onClick={onCompute} loading={busy}>
            {t('tie.compute')}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** What posting does, said before it is done. */
export function PostDialog({
  label,
  result,
  next,
  onClose,
  onPost,
  busy,
}: {
  label: string;
  result: RoundResultsView;
  /** The round the recalled couples go to, if there is one. */
  next: ScheduleItem | undefined;
  onClose: () => void;
  onPost: () => void;
  busy: boolean;
}) {
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const recalled =
    result.kind === 'recall' ? { count: result.recalled.length, couples: result.recalled.join(', ') } : null;
  return (
    <Modal opened onClose={onClose} title={t('post.title', { label })}>
      <Stack>
        <Text size="sm">
          {recalled
            ? next
              ? t('post.recallNext', { ...recalled, round: roundLabel(ts, next.roundName) })
              : t('post.recall', recalled)
            : t('post.final')}
        </Text>
        <DialogActions onCancel={onClose}>
          <Button color="green" onClick={onPost} loading={busy}>
            {t('button.post')}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** Taking a posted result back, with the reason that is recorded. */
export function UnpostDialog({
  label,
  result,
  reason,
  setReason,
  onClose,
  onUnpost,
  busy,
}: {
  label: string;
  result: RoundResultsView | null;
  reason: string;
  setReason: (reason: string) => void;
  onClose: () => void;
  onUnpost: () => void;
  busy: boolean;
}) {
  const t = useT(scrutineerText);
  return (
    <Modal opened onClose={onClose} title={t('unpost.title', { label })}>
      <Stack>
        <Text size="sm">{result?.kind === 'recall' ? t('unpost.textRecall') : t('unpost.text')}</Text>
        <Textarea label={t('unpost.reason')} {...textValue(reason, setReason)} minRows={2} autosize />
        <DialogActions onCancel={onClose}>
          <Button color="red" onClick={onUnpost} loading={busy} disabled={reason.trim().length < 3}>
            {t('button.unpost')}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
