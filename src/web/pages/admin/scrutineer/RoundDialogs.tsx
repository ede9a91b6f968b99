import { Button, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { counted } from '../../../../domain/words.ts';
import type { TieDecision } from '../../../../domain/schemas/marks.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import type { RoundResultsView, TieDecisionDetails } from '../../../api/types.ts';
import { formatAjsTotal } from '../../../../domain/scoring/ajs.ts';
import { textValue } from '../../../components/textValue.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';

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
  return (
    <Modal opened onClose={onClose} title="Tie at the cut-off" size="lg">
      <Stack>
        <Text size="sm">
          {tie.tiedAtCutoff.length} couples ({tie.tiedAtCutoff.join(', ')}) are tied at the cut-off with{' '}
          {tie.byTotal ? `a total of ${formatAjsTotal(tie.cutoffMarks)}` : `${tie.cutoffMarks} marks`}. Choose
          how many to recall.
        </Text>
        <Radio.Group value={tieChoice} onChange={(v) => setTieChoice(v as TieDecision)} label="Recall">
          <Stack gap="xs" mt="xs">
            <Radio
              value="includeTied"
              label={`All tied couples: ${counted(tie.options.includeTied.count, 'couple')} recalled (default)`}
            />
            <Radio
              value="excludeTied"
              label={`None of the tied couples: ${counted(tie.options.excludeTied.count, 'couple')} recalled`}
            />
          </Stack>
        </Radio.Group>
        <DialogActions onCancel={onClose}>
          <Button onClick={onCompute} loading={busy}>
            Compute with this decision
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
  return (
    <Modal opened onClose={onClose} title={`Post ${label}?`}>
      <Stack>
        <Text size="sm">
          {result.kind === 'recall'
            ? `${next ? `${next.roundName} receives` : 'The next round receives'} ${result.recalled.length} couples (${result.recalled.join(', ')}) and the result is published.`
            : 'The final results are saved and published for everyone to see.'}
        </Text>
        <DialogActions onCancel={onClose}>
          <Button color="green" onClick={onPost} loading={busy}>
            Post
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
  return (
    <Modal opened onClose={onClose} title={`Un-post ${label}?`}>
      <Stack>
        <Text size="sm">
          The result is withdrawn from the public pages
          {result?.kind === 'recall' ? ' and the couples leave the next round until it is posted again' : ''}.
          Say why; the reason is recorded.
        </Text>
        <Textarea label="Reason" {...textValue(reason, setReason)} minRows={2} autosize />
        <DialogActions onCancel={onClose}>
          <Button color="red" onClick={onUnpost} loading={busy} disabled={reason.trim().length < 3}>
            Un-post
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
