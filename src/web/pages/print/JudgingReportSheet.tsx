import '@mantine/core/styles.layer.css';
import './print.css';
import { useMemo, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, Loader, Text } from '@mantine/core';
import { useCompetition } from '../../api/queries/competition.ts';
import { judgingReportQuery } from '../../api/queries/results.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { Link } from '../../components/Link.tsx';
import { chunk, numberPages, PAPER_MM, type Paper } from './pagination.ts';
import { SheetHeading } from './SheetHeading.tsx';
import { PrintControls } from './PrintControls.tsx';
import type { JudgingReport } from '../../../domain/schemas/judgingReport.ts';
import { deviationText, systemName } from '../../../domain/judgingReport.ts';
import { counted } from '../../../domain/words.ts';

/**
 * Rounds on one page of a judge's sheet: a row each, then the reasons of the flagged ones, which wrap
 * (two lines at most each), so a page of twelve fits A4 and US Letter alike.
 */
const ROUNDS_PER_PAGE = 12;

type ReportJudge = JudgingReport['judges'][number];
interface SheetPart {
  judge: ReportJudge;
  rounds: ReportJudge['rounds'];
}

/**
 * /print-sheets/judging-report: the report on the judging on paper, a page (or more) per judge, for
 * the chairman's file and the federation. Staff only, like the report: the read answers 401/403 to
 * anyone else, which the page says in words.
 */
export default function JudgingReportSheet() {
  usePageTitle('Judging report sheet');
  const [params] = useSearchParams();
  const event = params.get('event') || undefined;
  const paper: Paper = params.get('paper') === 'Letter' ? 'Letter' : 'A4';
  const { competition, key } = useCompetition();
  const report = useQuery(judgingReportQuery(key, event));
  // A sheet per judge; a judge of many rounds takes more than one page.
  const pages = useMemo(
    () =>
      numberPages<SheetPart>(
        (report.data?.judges ?? []).map((judge) =>
          chunk(judge.rounds, ROUNDS_PER_PAGE).map((rounds) => ({ judge, rounds })),
        ),
      ),
    [report.data],
  );
  const size = PAPER_MM[paper];
  const style = { '--page-w': `${size.width}mm`, '--page-h': `${size.height}mm` } as CSSProperties;
  const back = `/admin/chairman/judging-report${event ? `?event=${encodeURIComponent(event)}` : ''}`;
  return (
    <div className="print-screen">
      <PrintControls
        title="Judging report sheet"
        lead={`${competition?.fullName ?? 'Loading...'} — a page per judge, for the chairman and the federation.`}
        paper={paper}
        margin="0"
        actions={
          <Group gap="xs">
            <Button component={Link} to={back} variant="default">
              Back to the report
            </Button>
            <Button size="md" onClick={() => window.print()} disabled={pages.length === 0}>
              Print {pages.length ? counted(pages.length, 'page') : ''}
            </Button>
          </Group>
        }
      >
        {report.isError && <ApiErrorAlert error={report.error} title="The report could not load" />}
        {report.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Loading the report…</Text>
          </Group>
        )}
        {report.data && pages.length === 0 && <Text size="sm">No posted rounds yet: nothing to print.</Text>}
      </PrintControls>
      {pages.length > 0 && (
        <div className="sheets" style={style} data-paper={paper}>
          {pages.map((p) => {
            const { judge, rounds } = p;
            const flagged = judge.rounds.filter((r) => r.flagged).length;
            return (
              <section
                key={p.pageNumber}
                className="sheet-page sheet-judging"
                aria-label={`Page ${p.pageNumber} of ${p.pageCount}`}
                data-testid="sheet-page"
              >
                <header className="sheet-header">
                  <SheetHeading competition={competition?.fullName} page={p} title="Report on the judging" />
                  <div className="sheet-meta">
                    <span>
                      <span className="sheet-meta-label">Judge: </span>
                      {judge.label === judge.name ? judge.name : `${judge.label} — ${judge.name}`}
                    </span>
                    <span>
                      <span className="sheet-meta-label">Flagged: </span>
                      {flagged ? `in ${counted(flagged, 'round')} of ${judge.rounds.length}` : 'no'}
                    </span>
                  </div>
                </header>
                <div className="sheet-body">
                  <table className="sheet-table judging-table">
                    <thead>
                      <tr>
                        <th>Event</th>
                        <th>Round</th>
                        <th>System</th>
                        <th>Deviation</th>
                        <th>Panel median</th>
                        <th>Flagged</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rounds.map((r) => (
                        <tr key={`${r.eventKey}-${r.roundNumber}`}>
                          <td>{r.eventName}</td>
                          <td>{r.roundName}</td>
                          <td>{systemName(r.system)}</td>
                          <td>{deviationText(r.system, r.deviation)}</td>
                          <td>{deviationText(r.system, r.panelDeviation)}</td>
                          <td className={r.flagged ? 'judging-flagged' : undefined}>
                            {r.flagged ? '⚑ Flagged' : 'No'}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {rounds.some((r) => r.flagged) && (
                    <ul className="judging-reasons">
                      {rounds
                        .filter((r) => r.flagged)
                        .map((r) => (
                          <li key={`${r.eventKey}-${r.roundNumber}`}>
                            <strong>
                              {r.eventName}, {r.roundName}:
                            </strong>{' '}
                            {r.reasons.join('; ')}
                          </li>
                        ))}
                    </ul>
                  )}
                </div>
                <footer className="sheet-footer">
                  <span>Chairman’s signature: ______________________</span>
                  <span>
                    Page {p.pageNumber} of {p.pageCount}
                  </span>
                </footer>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
