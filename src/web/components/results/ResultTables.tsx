/**
 * Public, presentational tables of posted results — used by /results/{event} and by the printed
 * results (print sheets). Props in, markup out: no data fetching, no router, no Mantine, so they stay
 * light on a phone and print as plain tables. Wide tables scroll sideways inside their own container
 * on screen and print in full (see results.css).
 *
 * - `<RecallTally round={…} />` — a posted recall round: one row per couple (most marks first), an "X"
 *   for each judge who recalled the couple in each dance, the total, and "Recalled" marked.
 *   `round` is `{judges, dances, couples: [{coupleNumber, leadName, followName, marks, byDance,
 *   recalled}]}` (GET …/results/{eventKey}, kind "recall").
 * - `<SkatingDance dance="Waltz" table={placingTable} names={…} />` — one dance of a final, Rules 5–8:
 *   each judge's place, the columns 1, 1-2, 1-3 … as count(sum) up to the deciding column ("3(5)"),
 *   the place, the deciding rule, and below it each decision in words.
 * - `<MultiDanceSummary result={multiDanceResult} names={…} />` — Rule 9 totals per couple, places,
 *   and every Rule 10 / Rule 11 step with the Rule 11 working.
 * - `<FinalWorking result={multiDanceResult} names={…} />` — every dance, then the summary when there
 *   are several dances: the whole working of a final.
 *
 * `names` (optional) maps a couple number to "Lead & Follow" for the first column (FinalWorking
 * shows them in the summary, or in the single dance's table for a one-dance final).
 */
import type { MultiDanceResult, PlacingTable, Rule11Table } from '../../../domain/scoring/types.ts';
import type { PostedRecallRound } from '../../../domain/schemas/results.ts';
import { ordinal } from '../format.ts';
import './results.css';

export type CoupleNames = Record<string, string>;

function CoupleCell({ couple, names }: { couple: string; names?: CoupleNames | undefined }) {
  const name = names?.[couple];
  return (
    <th scope="row" className="rt-couple">
      <span className="rt-number">{couple}</span>
      {name && <span className="rt-name">{name}</span>}
    </th>
  );
}

/** What the tally reads of a posted recall round (GET …/results/{eventKey}). */
export type RecallTallyRound = Pick<PostedRecallRound, 'judges' | 'dances'> & {
  couples: Pick<
    PostedRecallRound['couples'][number],
    'coupleNumber' | 'leadName' | 'followName' | 'marks' | 'byDance' | 'recalled'
  >[];
};

/** A posted recall round: which judge recalled which couple in which dance, the total, who went on. */
export function RecallTally({ round, caption }: { round: RecallTallyRound; caption?: string }) {
  const recalledCount = round.couples.filter((c) => c.recalled).length;
  return (
    <div className="rt-block">
      <p className="rt-note">
        {recalledCount} of {round.couples.length} couples recalled · X = the judge recalled the couple
      </p>
      <div className="rt-scroll" role="region" aria-label={caption ?? 'Recall marks'} tabIndex={0}>
        <table className="rt-table" data-testid="recall-tally">
          {caption && <caption className="rt-caption">{caption}</caption>}
          <thead>
            <tr>
              <th scope="col" rowSpan={round.dances.length > 1 ? 2 : 1}>
                Couple
              </th>
              {round.dances.length > 1
                ? round.dances.map((d) => (
                    <th key={d} scope="colgroup" colSpan={round.judges.length} className="rt-group">
                      {d}
                    </th>
                  ))
                : round.judges.map((j) => (
                    <th key={j} scope="col" title={`Judge ${j}`}>
                      {j}
                    </th>
                  ))}
              <th scope="col" rowSpan={round.dances.length > 1 ? 2 : 1}>
                Total
              </th>
              <th scope="col" rowSpan={round.dances.length > 1 ? 2 : 1}>
                Recalled
              </th>
            </tr>
            {round.dances.length > 1 && (
              <tr>
                {round.dances.flatMap((d) =>
                  round.judges.map((j, i) => (
                    <th key={`${d}-${j}`} scope="col" className={i === 0 ? 'rt-start' : undefined}>
                      {j}
                    </th>
                  )),
                )}
              </tr>
            )}
          </thead>
          <tbody>
            {round.couples.map((c) => (
              <tr key={c.coupleNumber} className={c.recalled ? 'rt-recalled' : undefined}>
                <CoupleCell
                  couple={c.coupleNumber}
                  names={{ [c.coupleNumber]: [c.leadName, c.followName].filter(Boolean).join(' & ') }}
                />
                {round.dances.flatMap((d) =>
                  round.judges.map((j, i) => (
                    <td
                      key={`${d}-${j}`}
                      className={i === 0 && round.dances.length > 1 ? 'rt-start rt-mark' : 'rt-mark'}
                    >
                      {c.byDance[d]?.includes(j) ? 'X' : ''}
                    </td>
                  )),
                )}
                <td className="rt-strong">{c.marks}</td>
                <td>{c.recalled ? 'Recalled' : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One dance of a final (Rules 5–8): marks by judge, the columns count(sum), place and rule. */
export function SkatingDance({
  dance,
  table,
  names,
}: {
  dance: string;
  table: PlacingTable;
  names?: CoupleNames | undefined;
}) {
  const rows = [...table.rows].sort((a, b) => a.place - b.place);
  // Couples placed by one comparison share its reason (but for the closing "→ 3rd"): say it once.
  const reasons: { places: string; reason: string }[] = [];
  for (const r of rows) {
    const last = reasons.at(-1);
    const label = `${ordinal(r.place)} couple ${r.couple}`;
    const reason = r.reason.replace(/ → [^ ]+$/, '');
    if (last && last.reason === reason) last.places += `, ${label}`;
    else reasons.push({ places: label, reason });
  }
  return (
    <section className="rt-block" aria-label={`${dance} working`} data-testid={`skating-${dance}`}>
      <h4 className="rt-title">
        {dance}{' '}
        <span className="rt-dim">
          majority {table.majority} of {table.judges.length}
        </span>
      </h4>
      <div className="rt-scroll" role="region" aria-label={`${dance}: marks and columns`} tabIndex={0}>
        <table className="rt-table">
          <thead>
            <tr>
              <th scope="col">Couple</th>
              {table.judges.map((j, i) => (
                <th key={`${j}-${i}`} scope="col" title={`Judge ${j}`}>
                  {j}
                </th>
              ))}
              {table.columnLabels.map((c, i) => (
                <th key={c} scope="col" className={i === 0 ? 'rt-start rt-col' : 'rt-col'}>
                  {c}
                </th>
              ))}
              <th scope="col" className="rt-start">
                Place
              </th>
              <th scope="col">Rule</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.couple}>
                <CoupleCell couple={r.couple} names={names} />
                {r.marks.map((m, i) => (
                  <td key={i}>{m}</td>
                ))}
                {r.shown.map((s, i) => (
                  <td
                    key={i}
                    className={[i === 0 ? 'rt-start' : '', i + 1 === r.decidedInColumn ? 'rt-decided' : '']
                      .join(' ')
                      .trim()}
                  >
                    {s}
                  </td>
                ))}
                <td className="rt-start rt-strong">{ordinal(r.place)}</td>
                <td className="rt-nowrap">{r.rule}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="rt-reasons">
        {reasons.map((r) => (
          <li key={r.places}>
            <strong>{r.places}:</strong> {r.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Numbers only: the summary above names the couples. */
function Rule11Working({ table }: { table: Rule11Table }) {
  return (
    <div className="rt-scroll" role="region" aria-label="Rule 11 working" tabIndex={0}>
      <table className="rt-table rt-small">
        <thead>
          <tr>
            <th scope="col">Couple</th>
            {table.columnLabels.map((c, i) =>
              i + 1 < table.startColumn ? null : (
                <th key={c} scope="col">
                  {c}
                </th>
              ),
            )}
            <th scope="col">Place</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.couple}>
              <CoupleCell couple={r.couple} />
              {r.shown.map((s, i) =>
                i + 1 < table.startColumn ? null : (
                  <td key={i} className={i + 1 === r.decidedInColumn ? 'rt-decided' : undefined}>
                    {s}
                  </td>
                ),
              )}
              <td className="rt-strong">{r.place === null ? '—' : ordinal(r.place)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Several dances: Rule 9 totals, the places, and every Rule 10 / 11 decision with its working. */
export function MultiDanceSummary({
  result,
  names,
}: {
  result: MultiDanceResult;
  names?: CoupleNames | undefined;
}) {
  const dances = Object.keys(result.tables);
  const summary = [...result.summary].sort((a, b) => a.place - b.place);
  return (
    <section className="rt-block" aria-label="Summary of all dances" data-testid="final-summary">
      <h4 className="rt-title">Summary of all dances</h4>
      <div className="rt-scroll" role="region" aria-label="Places per dance and totals" tabIndex={0}>
        <table className="rt-table">
          <thead>
            <tr>
              <th scope="col">Couple</th>
              {dances.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
              <th scope="col" className="rt-start">
                Total
              </th>
              <th scope="col">Place</th>
              <th scope="col">Rule</th>
            </tr>
          </thead>
          <tbody>
            {summary.map((r) => (
              <tr key={r.couple}>
                <CoupleCell couple={r.couple} names={names} />
                {dances.map((d) => (
                  <td key={d}>{r.perDance[d]}</td>
                ))}
                <td className="rt-start">{r.total}</td>
                <td className="rt-strong">{ordinal(r.place)}</td>
                <td className="rt-nowrap">{r.rule}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.steps.length > 0 && (
        <div className="rt-steps" data-testid="final-steps">
          <h5 className="rt-subtitle">Ties on totals: Rule 10 and Rule 11</h5>
          <ol>
            {result.steps.map((s, i) => (
              <li key={i}>
                <p>
                  <strong>
                    {s.rule}, {ordinal(s.place)} place:
                  </strong>{' '}
                  {s.text}
                </p>
                {s.rule11 && <Rule11Working table={s.rule11} />}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/**
 * The whole working of a final: each dance, then (several dances) the summary and its steps. Names go
 * in the summary only, so the per-dance tables stay narrow enough for a phone.
 */
export function FinalWorking({
  result,
  names,
}: {
  result: MultiDanceResult;
  names?: CoupleNames | undefined;
}) {
  const dances = Object.keys(result.tables);
  return (
    <div className="rt-final">
      {dances.map((d) => (
        <SkatingDance
          key={d}
          dance={d}
          table={result.tables[d]!}
          names={dances.length === 1 ? names : undefined}
        />
      ))}
      {dances.length > 1 && <MultiDanceSummary result={result} names={names} />}
    </div>
  );
}
