import { useState, type ReactNode } from 'react';
import type { JudgeRound } from '../../api/types.ts';
import {
  AJS_MAX,
  AJS_MIN,
  AJS_STEP,
  ajsComponentsLabel,
  type AjsComponent,
} from '../../../domain/scoring/ajs.ts';
import { heatsOf } from './CoupleGrid.tsx';
import { ReviewBar } from './JudgeBar.tsx';
import { useLocale, useT } from '../../i18n/locale.ts';
import { INTL_TAGS, type Locale } from '../../../domain/i18n/locales.ts';
import { danceLabel, sportText } from '../../../domain/i18n/sport.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { judgeText, type JudgeKey } from './text.ts';

/** The components' names joined: "Technical quality and Movement to music". */
function componentWords(t: Translate<JudgeKey>, components: readonly AjsComponent[]): string {
  const names = components.map((k) => t(`ajs.name.${k}`));
  return names.length ? names.reduce((a, b) => t('ajs.and', { a, b })) : '';
}

/** couple → component → score: the judge's scores of one dance. */
export type AjsValue = Record<string, Record<string, number>>;

/** The steppers' faces: signs and numbers, the same in every language (their labels say them in words). */
const SIGNS = { minusOne: '−1', minus: '−', plusOne: '+1' } as const;

/** Where a couple's first tap on a stepper starts: the middle of the marks a final usually sees. */
const START = 7.5;

const clamp = (v: number) => Math.min(AJS_MAX, Math.max(AJS_MIN, Math.round(v / AJS_STEP) * AJS_STEP));
const scoreFormats = new Map<Locale, Intl.NumberFormat>();
/** A score as the judge reads it: two decimals, in the tablet's language ("7.50", "7,50"). */
function show(v: number | undefined, locale: Locale): string {
  if (v === undefined) return '–';
  let f = scoreFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(INTL_TAGS[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    scoreFormats.set(locale, f);
  }
  return f.format(v);
}

interface AjsProps {
  round: JudgeRound;
  judgeId: number;
  dance: string;
  value: AjsValue;
  onChange: (v: AjsValue) => void;
  onSubmit: (v: AjsValue) => Promise<void>;
  sync: ReactNode;
  next: ReactNode;
}

/**
 * One score's stepper: −1, −¼, the score, +¼, +1 (the scale in its steps, thumb-sized). It scores one
 * component, or several at once where one score counts for all of them ("TQ + PS").
 */
function Stepper({
  couple,
  components,
  score,
  onScore,
}: {
  couple: string;
  components: readonly AjsComponent[];
  score: number | undefined;
  onScore: (v: number) => void;
}) {
  const t = useT(judgeText);
  const locale = useLocale();
  const step = (d: number) => onScore(clamp((score ?? START - d) + d));
  const name = ajsComponentsLabel(components);
  const label = t('ajs.stepper', { components: name, couple });
  const words = componentWords(t, components);
  return (
    <div className="ajs-stepper" role="group" aria-label={label}>
      <div className="ajs-comp" title={words}>
        <b>{name}</b> <span>{words}</span>
      </div>
      <div className="ajs-row">
        <button
          type="button"
          className="ajs-btn"
          aria-label={t('ajs.minus', { label, step: 1 })}
          onClick={() => step(-1)}
        >
          {SIGNS.minusOne}
        </button>
        <button
          type="button"
          className="ajs-btn"
          aria-label={t('ajs.minus', { label, step: AJS_STEP })}
          onClick={() => step(-AJS_STEP)}
        >
          {SIGNS.minus}
        </button>
        <output className={`ajs-score ${score === undefined ? 'unset' : ''}`} aria-label={label}>
          {show(score, locale)}
        </output>
        <button
          type="button"
          className="ajs-btn"
          aria-label={t('ajs.plus', { label, step: AJS_STEP })}
          onClick={() => step(AJS_STEP)}
        >
          +
        </button>
        <button
          type="button"
          className="ajs-btn"
          aria-label={t('ajs.plus', { label, step: 1 })}
          onClick={() => step(1)}
        >
          {SIGNS.plusOne}
        </button>
      </div>
    </div>
  );
}

/**
 * An AJS 3.0 dance (docs/ajs.md): the judge scores each couple in their assigned components on the
 * 1–10 scale in steps of 0.25, one couple at a time or the heat as a grid, then reviews and sends.
 * Drafts, the outbox and receipts are the marking screen's (Marking.tsx).
 */
export function AjsDance({ round, judgeId, dance, value, onChange, onSubmit, sync, next }: AjsProps) {
  const t = useT(judgeText);
  const sport = useT(sportText);
  const locale = useLocale();
  const danceName = danceLabel(sport, dance);
  const mine = (round.ajsComponents?.[String(judgeId)] ?? []) as AjsComponent[];
  // One score per couple counts for all of the judge's components, except in the dances with
  // separate scores (docs/ajs.md): one stepper then, half the taps.
  const oneScore =
    mine.length > 1 && round.ajsPanel !== undefined && !round.ajsPanel.separateDances.includes(dance);
  const steppers: AjsComponent[][] = oneScore ? [mine] : mine.map((k) => [k]);
  const couples = heatsOf(round).flatMap((h) => h.couples);
  const [mode, setMode] = useState<'one' | 'grid'>(() =>
    typeof window !== 'undefined' && window.innerWidth >= 760 ? 'grid' : 'one',
  );
  const [at, setAt] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const done = (c: string) => mine.every((k) => value[c]?.[k] !== undefined);
  const scored = couples.filter(done).length;
  const complete = mine.length > 0 && scored === couples.length;
  const set = (c: string, ks: readonly AjsComponent[], v: number) => {
    setReviewing(false);
    onChange({ ...value, [c]: { ...value[c], ...Object.fromEntries(ks.map((k) => [k, v])) } });
  };
  const scoreOf = (c: string, ks: readonly AjsComponent[]) => value[c]?.[ks[0]!];
  // A couple's steppers, the same in the one-couple view and in each card of the grid.
  const steppersOf = (c: string) =>
    steppers.map((ks) => (
      <Stepper
        key={ks.join()}
        couple={c}
        components={ks}
        score={scoreOf(c, ks)}
        onScore={(v) => set(c, ks, v)}
      />
    ));
  const couple = couples[Math.min(at, couples.length - 1)];
  if (mine.length === 0) return <p className="judge-hint">{t('ajs.noComponent')}</p>;
  return (
    <>
      <div className="ajs-head">
        <p className="judge-hint">
          {t('ajs.youScore')}
          <strong>{ajsComponentsLabel(mine)}</strong>
          {t('ajs.scale', { components: componentWords(t, mine), step: AJS_STEP })}
          {mine.length > 1 &&
            (oneScore
              ? t('ajs.oneScore', { count: mine.length, dance: danceName })
              : t('ajs.separate', { dance: danceName }))}
        </p>
        <div className="ajs-modes" role="group" aria-label={t('ajs.show')}>
          {(
            [
              ['one', t('ajs.oneCouple')],
              ['grid', t('ajs.allCouples')],
            ] as const
          ).map(([m, label]) => (
            <button
              key={m}
              type="button"
              className="judge-tab"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {mode === 'one' && couple ? (
        <section className="ajs-one" aria-label={t('tile', { couple })}>
          <nav className="ajs-couples" aria-label={t('couples')}>
            {couples.map((c, i) => (
              <button
                key={c}
                type="button"
                className={`ajs-chip ${done(c) ? 'done' : ''}`}
                aria-current={c === couple}
                onClick={() => setAt(i)}
              >
                {c}
              </button>
            ))}
          </nav>
          <div className="ajs-couple-number">{t('tile', { couple })}</div>
          {steppersOf(couple)}
          <div className="ajs-move">
            <button type="button" className="ajs-btn wide" disabled={at === 0} onClick={() => setAt(at - 1)}>
              {t('ajs.previous')}
            </button>
            <button
              type="button"
              className="ajs-btn wide"
              disabled={at >= couples.length - 1}
              onClick={() => setAt(at + 1)}
            >
              {t('ajs.next')}
            </button>
          </div>
        </section>
      ) : (
        <section className="ajs-grid" aria-label={t('couples')}>
          {couples.map((c) => (
            <div
              key={c}
              className={`ajs-card ${done(c) ? 'done' : ''}`}
              aria-label={t('tile', { couple: c })}
              role="group"
            >
              <div className="ajs-couple-number">{c}</div>
              {steppersOf(c)}
            </div>
          ))}
        </section>
      )}
      <ReviewBar
        dance={danceName}
        given="scores"
        lines={couples.map((c) => ({
          couple: c,
          line: (
            <>
              <strong>{c}</strong>:{' '}
              {steppers.map((ks) => `${ajsComponentsLabel(ks)} ${show(scoreOf(c, ks), locale)}`).join(' · ')}
            </>
          ),
        }))}
        listClassName="judge-review ajs-review"
        reviewing={reviewing}
        setReviewing={setReviewing}
        onSend={() => onSubmit(value)}
        count={t('ajs.count', { scored, count: couples.length })}
        complete={complete}
        incomplete={t('ajs.incomplete', { count: couples.length })}
        sync={sync}
        next={next}
      />
    </>
  );
}
