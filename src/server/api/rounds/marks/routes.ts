/**
 * Judges' marks: PUT one judge's dances (judge's own code session, or the scrutineer / an admin
 * entering from paper), GET the panel's marks and what is missing, the rounds a judge marks now, and
 * POST start (a round opens for marking). The commands are in commands.ts, the reads in queries.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ifMatchVersion, runCommand } from '../../../http/command.ts';
import { idempotencyKey, withIdempotency } from '../../../http/idempotency.ts';
import { keyParams, roundParams, versionBody } from '../../../http/params.ts';
import { routesFor, staff } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { SEES_UNPOSTED } from '../../../http/access.ts';
import { canonicalJson } from '../../../../domain/marking.ts';
import { marksBody, marksQuery } from '../../../../domain/schemas/marks.ts';
import { loadRound } from '../context.ts';
import { startRound, submitMarks, unlockMarks } from './commands.ts';
import { drawAjsPanel, setAjsPanel } from './ajsPanel.ts';
import { judgeRounds, markHistory, roundAjsPanel, roundMarks, summaryOf } from './queries.ts';
import {
  judgeRounds as judgeRoundsAnswer,
  markHistoryView,
  marksSaved,
  marksUnlocked,
  unlockBody,
  roundMarksView,
  roundStarted,
  ajsPanelBody,
  ajsPanelDrawBody,
  ajsPanelSaved,
  roundAjsPanelView,
} from '../../../../domain/schemas/marks.ts';

const markParams = roundParams.extend({ officialId: z.coerce.number().int().min(1) });

// A judge enters and reads only their own; the scrutineer enters from paper for any judge.
const entersMarks = staff(['admin', 'Scrutineer', 'Judge'], "enter judges' marks", {
  ownOfficial: 'A judge may enter only their own marks.',
});
const seesJudgeRounds = staff([...SEES_UNPOSTED, 'Judge'], "see a judge's rounds", {
  ownOfficial: 'A judge may see only their own rounds.',
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'marks');

  app.route({
    ...route.options(endpoints.putEventsRoundsMarksOne, entersMarks, {
      summary: "Submit one judge's marks for one or more dances (Idempotency-Key, If-Match supported)",
      params: markParams,
      response: { 200: marksSaved },
      querystring: marksQuery,
      body: marksBody,
      headers: z.object({
        'idempotency-key': z.string().max(200).optional(),
        'if-match': z.string().max(20).optional(),
      }),
    }),
    handler: async (req, reply) => {
      const { officialId } = req.params;
      const key = idempotencyKey(req.headers['idempotency-key']);
      const ifMatch = ifMatchVersion(req.headers['if-match']);
      const source = req.judgeId !== undefined ? 'judge' : (req.query.source ?? 'scrutineer');
      const { override } = req.query;
      const fingerprint = canonicalJson({ marks: req.body, override });
      const out = await runCommand(app, req, {
        // Marks, and a correction that withdraws a computed result, are of a round not yet posted.
        staffOnly: true,
        run: (cmd) =>
          // A resend from an offline tablet: the answer stored the first time, nothing written.
          withIdempotency(
            cmd.trx,
            {
              competitionId: cmd.competition.id,
              scope: `marks:${req.params.eventKey}-R${req.params.n}/${officialId}`,
              key,
              fingerprint,
              what: 'different marks',
            },
            () =>
              submitMarks(cmd, req.params, {
                officialId,
                byJudge: req.role === 'Judge',
                marks: req.body,
                override,
                source,
                ifMatch,
                idempotencyKey: key,
              }),
          ),
      });
      if (out.replayed) reply.header('idempotent-replayed', 'true');
      return out.response;
    },
  });

  route.command(
    endpoints.postEventsRoundsMarksUnlock,
    staff(['admin', 'Chairman'], "unlock a judge's submitted marks"),
    {
      summary: "Unlock a judge's submitted dances so the judge may change them (chairman; reason audited)",
      schema: { params: markParams, response: { 200: marksUnlocked }, body: unlockBody },
      // `schedule` is what judges' tablets listen to: the judge sees at once that the dance is open again.
      topics: ['marks', 'schedule'],
      run: (cmd, req) => unlockMarks(cmd, req.params, { officialId: req.params.officialId, ...req.body }),
    },
  );

  // Judges read it too: their tablet shows their group and where one score counts for both.
  route.read(
    endpoints.getEventsRoundsAjsPanel,
    staff([...SEES_UNPOSTED, 'Judge'], "see an AJS round's panel"),
    {
      summary:
        "An AJS round's split (official id → components) and panel: where it comes from, the dances with separate scores, fixed once marked",
      schema: { params: roundParams, response: { 200: roundAjsPanelView } },
      answer: async (req) => roundAjsPanel(app.db, req.competition.id, req.params),
    },
  );

  // The scrutineer runs the round, so the scrutineer (or an admin) chooses its panel split.
  const setsPanel = staff(['admin', 'Scrutineer'], "set an AJS round's panel split");
  // `schedule` is what judges' tablets listen to: a judge sees their new group at once.
  const panelChange = { topics: ['marks', 'schedule'], staffOnly: true } as const;
  route.command(endpoints.putEventsRoundsAjsPanel, setsPanel, {
    summary:
      "Set each judge's group (TQ+PS or MM+CP) and the dances with separate scores of a round scored under AJS (until it has marks)",
    schema: { params: roundParams, response: { 200: ajsPanelSaved }, body: ajsPanelBody },
    ...panelChange,
    run: (cmd, req) => setAjsPanel(cmd, req.params, req.body),
  });
  route.command(endpoints.postEventsRoundsAjsPanelDraw, setsPanel, {
    summary:
      'Draw the two groups of a round scored under AJS at random (seed audited); the dances with separate scores kept unless given',
    schema: { params: roundParams, response: { 200: ajsPanelSaved }, body: ajsPanelDrawBody },
    ...panelChange,
    run: (cmd, req) => drawAjsPanel(cmd, req.params, req.body),
  });

  route.read(endpoints.getEventsRoundsMarksHistory, staff(SEES_UNPOSTED, 'see the mark history'), {
    summary: "Every stored version of the round's marks with its receipt, oldest first (staff)",
    schema: { params: roundParams, response: { 200: markHistoryView } },
    answer: async (req) => markHistory(app.db, req.competition.id, req.params),
  });

  // A judge reads only their own (roundMarks' `only`).
  route.read(endpoints.getEventsRoundsMarks, staff([...SEES_UNPOSTED, 'Judge'], "see judges' marks"), {
    summary: "Every judge's marks and which are missing (staff)",
    schema: { params: roundParams, response: { 200: roundMarksView } },
    answer: async (req) => roundMarks(app.db, req.competition.id, req.params, req.judgeId),
  });

  route.read(endpoints.getJudgesRounds, seesJudgeRounds, {
    summary: 'The rounds a judge marks now (Running or Marked, on their panel) with their own marks',
    schema: {
      params: keyParams.extend({ officialId: z.coerce.number().int().min(1) }),
      response: { 200: judgeRoundsAnswer },
    },
    answer: async (req) => judgeRounds(app.db, req.competition.id, req.params.officialId),
  });

  route.command(
    endpoints.postEventsRoundsStart,
    staff(['admin', 'Scrutineer', 'Deck Captain'], 'start a round'),
    {
      summary: 'Start a round: Running, so judges can mark (first round: every entry if none assigned)',
      schema: { params: roundParams, response: { 200: roundStarted }, body: versionBody.optional() },
      topics: ['events', 'schedule', 'marks'],
      run: (cmd, req) => startRound(cmd, req.params, req.body ?? {}),
      answer: async (started, req) => {
        const ctx = await loadRound(app.db, req.competition.id, req.params.eventKey, req.params.n);
        return { ...started, ...summaryOf(ctx) };
      },
    },
  );
};

export default routes;
