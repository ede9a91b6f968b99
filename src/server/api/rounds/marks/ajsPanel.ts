/**
 * A round's AJS panel (docs/ajs.md, "Panel split"): the scrutineer draws the two groups at random or
 * sets each judge's group by hand, with the dances where each component gets its own score. Fixed once
 * the round has a mark, so every score of a round was given under the panel it is scored with.
 */
import { randomInt } from 'node:crypto';
import { HttpError } from '../../../errors.ts';
import { assertVersion, type CommandContext } from '../../../http/command.ts';
import { toJson } from '../../../http/json.ts';
import { seededRandom } from '../../../../domain/random.ts';
import {
  ajsComponentsLabel,
  ajsGroupAssignments,
  ajsSplitProblem,
  ajsUnscored,
  drawAjsGroups,
  type AjsGroup,
  type RoundAjsPanel,
} from '../../../../domain/scoring/ajs.ts';
import type { AjsPanelBody, AjsPanelDrawBody } from '../../../../domain/schemas/marks.ts';
import type { RuleProblem } from '../../../../domain/schemas/common.ts';
import { loadRound, roundLabel, type RoundAddress, type RoundContext } from '../context.ts';
import { applyRoundTransition } from '../transition.ts';

const invalid = (path: (string | number)[], message: string, params?: RuleProblem) =>
  new HttpError(400, 'invalid', message, [{ path, message, ...(params ? { code: 'custom', params } : {}) }]);

/** The round's panel as the answers show it. */
const panelAnswer = (ctx: RoundContext, message: string) => ({
  message,
  ajsComponents: ctx.marking.ajsComponents ?? {},
  ajsPanel: ctx.ajsPanel!,
});

/** The round, checked: scored under AJS, the version the caller saw, no mark yet. */
async function changeable(cmd: CommandContext, where: RoundAddress, version: number): Promise<RoundContext> {
  const ctx = await loadRound(cmd.trx, cmd.competition.id, where.eventKey, where.n);
  const label = roundLabel(ctx);
  if (!ctx.ajsPanel)
    throw new HttpError(409, 'not_ajs', `The ${label} is not scored under AJS: it has no panel split.`);
  await assertVersion(version, ctx.round.version, label, () => panelAnswer(ctx, label));
  if (ctx.ajsPanel.fixed)
    throw new HttpError(
      409,
      'has_marks',
      `The ${label} already has marks: its panel split and scoring mode are fixed.`,
    );
  return ctx;
}

/** The dances with separate scores, each a dance of the round, each once. */
function checkedDances(ctx: RoundContext, dances: readonly string[]): string[] {
  for (const [i, d] of dances.entries()) {
    if (!ctx.marking.dances.includes(d))
      throw invalid(
        ['separateDances', i],
        `separateDances: the ${d} is not danced in this round (dances: ${ctx.marking.dances.join(', ')}).`,
      );
    if (dances.indexOf(d) !== i)
      throw invalid(['separateDances', i], `separateDances: the ${d} is named twice.`);
  }
  return ctx.marking.dances.filter((d) => dances.includes(d));
}

/** Stores the round's own panel (bumping its version) and audits the change; answers the new panel. */
async function store(
  cmd: CommandContext,
  ctx: RoundContext,
  where: RoundAddress,
  panel: RoundAjsPanel,
  action: string,
): Promise<ReturnType<typeof panelAnswer>> {
  await applyRoundTransition(cmd.trx, ctx.round, undefined, { ajs_panel: toJson(panel) });
  const after = await loadRound(cmd.trx, cmd.competition.id, where.eventKey, where.n);
  const byLabel = (split: { [id: string]: readonly string[] }) =>
    Object.fromEntries(ctx.judges.map((j) => [j.label, (split[String(j.id)] ?? []).join('+')]));
  await cmd.audit({
    action,
    entity: 'round',
    entityId: `${ctx.event.key}-R${ctx.round.round_number}`,
    before: {
      groups: byLabel(ctx.marking.ajsComponents ?? {}),
      separateDances: ctx.marking.ajsSeparateDances ?? [],
      source: ctx.ajsPanel?.source,
    },
    after: {
      groups: byLabel(after.marking.ajsComponents ?? {}),
      separateDances: panel.separateDances,
      how: panel.how,
      ...(panel.seed !== undefined ? { seed: panel.seed } : {}),
    },
  });
  const groups = (g: AjsGroup) =>
    ctx.judges
      .filter((j) => panel.groups[String(j.id)] === g)
      .map((j) => j.label)
      .join(', ');
  const split = `${ajsComponentsLabel(['TQ', 'PS'])}: ${groups('TQ+PS')}; ${ajsComponentsLabel(['MM', 'CP'])}: ${groups('MM+CP')}`;
  const mode = panel.separateDances.length
    ? `separate scores in the ${panel.separateDances.join(' and ')}`
    : 'one score per group in every dance';
  return panelAnswer(
    after,
    `${roundLabel(ctx)}: ${panel.how === 'drawn' ? 'groups drawn' : 'groups set'} (${split}); ${mode}.`,
  );
}

/** PUT …/ajs-panel: every judge of the panel given a group by hand, and the dances with separate scores. */
export async function setAjsPanel(cmd: CommandContext, where: RoundAddress, body: AjsPanelBody) {
  const ctx = await changeable(cmd, where, body.version);
  const onPanel = new Set(ctx.judges.map((j) => String(j.id)));
  for (const id of Object.keys(body.groups)) {
    if (onPanel.has(id)) continue;
    const known = await cmd.trx
      .selectFrom('officials')
      .select('name')
      .where('competition_id', '=', cmd.competition.id)
      .where('id', '=', Number(id))
      .where('role', '=', 'Judge')
      .executeTakeFirst();
    throw invalid(
      ['groups', id],
      known
        ? `groups: ${known.name} is not on the panel of ${ctx.event.name}.`
        : `groups: official ${id} is not a judge of this competition.`,
    );
  }
  const without = ctx.judges.filter((j) => !(String(j.id) in body.groups));
  if (without.length)
    throw invalid(
      ['groups'],
      `groups: every judge of the panel needs a group; ${without.map((j) => `${j.label} (${j.name})`).join(', ')} has none.`,
    );
  const assignments = ajsGroupAssignments(body.groups);
  const problem = ajsSplitProblem(assignments);
  if (problem)
    throw invalid(['groups'], `groups: ${problem}.`, {
      reason: 'componentsUnscored',
      components: ajsUnscored(assignments).join(', '),
    });
  const separateDances = checkedDances(ctx, body.separateDances);
  return store(cmd, ctx, where, { groups: body.groups, separateDances, how: 'set' }, 'round.ajs_panel.set');
}

/**
 * POST …/ajs-panel/draw: the panel shuffled from a fresh random seed into two groups as even as the
 * panel allows; the seed is stored and audited so the draw can be replayed and checked.
 */
export async function drawAjsPanel(cmd: CommandContext, where: RoundAddress, body: AjsPanelDrawBody) {
  const ctx = await changeable(cmd, where, body.version);
  if (ctx.judges.length < 2)
    throw new HttpError(
      409,
      'panel_too_small',
      `${roundLabel(ctx)} has ${ctx.judges.length} judge${ctx.judges.length === 1 ? '' : 's'}: two groups need two judges at least.`,
    );
  const seed = randomInt(1, 2 ** 31);
  const groups = drawAjsGroups(
    ctx.judges.map((j) => String(j.id)),
    seededRandom(seed),
  );
  const separateDances = checkedDances(ctx, body.separateDances ?? ctx.marking.ajsSeparateDances ?? []);
  return store(cmd, ctx, where, { groups, separateDances, how: 'drawn', seed }, 'round.ajs_panel.draw');
}
