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
import { printText, type PrintKey } from './text.ts';
import { judgeReasons } from '../../components/judgeFlags.ts';
import { useT } from '../../i18n/locale.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';

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
type System = ReportJudge['rounds'][number]['system'];

/** A deviation in its system's unit: "0.33 places" (final), "67%" (recall), "1.1 points" (AJS). */
function deviationIn(t: Translate<PrintKey>, system: System, x: number): string {
  if (system === 'skating-recall') return t('report.percent', { percent: Math.round(x * 100) });
  return t(system === 'ajs' ? 'report.points' : 'report.places', { count: x });
}

/**
 * /print-sheets/judging-report: the report on the judging on paper, a page (or more) per judge, for
 * the chairman's file and the federation. Staff only, like the report: the read answers 401/403 to
 * anyone else, which the page says in words.
 */
export default function JudgingReportSheet() {
  const t = useT(printText);
  usePageTitle(t('report.title'));
  const [params] = useSearchParams();
  const event = params.get('event') || undefined;
  const paper: Paper = params.get('paper') === 'Letter' ? 'Letter' : 'A4';
  const { competition, key } = useCompetition();
  // The sheets are printed in the competition's language (Settings); the controls in the reader's.
  const sheetT = useT(printText, competition?.language);
  const sheetSport = useT(sportText, competition?.language);
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
        title={t('report.title')}
        lead={t('report.lead', { competition: competition?.fullName ?? t('loading') })}
        paper={paper}
        margin="0"
        actions={
          <Group gap="xs">
            <Button component={Link} to={back} variant="default">
              {t('report.back')}
            </Button>
            <Button size="md" onClick={() => window.print()} disabled={pages.length === 0}>
              {pages.length ? t('printPages', { count: pages.length }) : t('print')}
            </Button>
          </Group>
        }
      >
        {report.isError && <ApiErrorAlert error={report.error} title={t('report.loadError')} />}
        {report.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('report.loading')}</Text>
          </Group>
        )}
        {report.data && pages.length === 0 && <Text size="sm">{t('report.nothing')}</Text>}
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
                aria-label={sheetT('pageOf', { page: p.pageNumber, count: p.pageCount })}
                data-testid="sheet-page"
              >
                <header className="sheet-header">
                  <SheetHeading
                    competition={competition?.fullName}
                    page={p}
                    title={sheetT('report.heading')}
                  />
                  <div className="sheet-meta">
                    <span>
                      <span className="sheet-meta-label">{sheetT('meta.judge')}: </span>
                      {judge.label === judge.name ? judge.name : `${judge.label} — ${judge.name}`}
                    </span>
                    <span>
                      <span className="sheet-meta-label">{sheetT('report.flagged')}: </span>
                      {flagged
                        ? sheetT('report.flaggedIn', { count: flagged, total: judge.rounds.length })
                        : sheetT('report.flaggedNo')}
                    </span>
                  </div>
                </header>
                <div className="sheet-body">
                  <table className="sheet-table judging-table">
                    <thead>
                      <tr>
                        <th>{sheetT('meta.event')}</th>
                        <th>{sheetT('meta.round')}</th>
                        <th>{sheetT('report.system')}</th>
                        <th>{sheetT('report.deviation')}</th>
                        <th>{sheetT('report.panelMedian')}</th>
                        <th>{sheetT('report.flagged')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rounds.map((r) => (
                        <tr key={`${r.eventKey}-${r.roundNumber}`}>
                          <td>{r.eventName}</td>
                          <td>{roundLabel(sheetSport, r.roundName)}</td>
                          <td>{sheetT(`system.${r.system}`)}</td>
                          <td>{deviationIn(sheetT, r.system, r.deviation)}</td>
                          <td>{deviationIn(sheetT, r.system, r.panelDeviation)}</td>
                          <td className={r.flagged ? 'judging-flagged' : undefined}>
                            {r.flagged ? `⚑ ${sheetT('report.flagged')}` : sheetT('report.no')}
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
                              {r.eventName}, {roundLabel(sheetSport, r.roundName)}:
                            </strong>{' '}
                            {judgeReasons(sheetT, r).join('; ')}
                          </li>
                        ))}
                    </ul>
                  )}
                </div>
                <footer className="sheet-footer">
                  <span>{sheetT('footer.chairmanSignature')}</span>
                  <span>{sheetT('pageOf', { page: p.pageNumber, count: p.pageCount })}</span>
                </footer>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
