import { describe, expect, it } from 'vitest';
import { KeptAnswers, type Built } from './keptAnswers.ts';

const url = '/api/v1/competitions/demo/events';
const other = '/api/v1/competitions/other/events';
const built = (body: string, competitionId: number | undefined = 1): Built => ({
  body,
  contentType: 'application/json; charset=utf-8',
  competitionId,
});

/** A cache on a clock the test moves, with `url` kept for competition 1 as `body`. */
function keptWith(body = 'first') {
  const clock = { now: 1000 };
  const answers = new KeptAnswers({ boot: 'b00t', maxAgeMs: 2000, now: () => clock.now });
  answers.finishBuild(answers.startBuild(url), built(body));
  return { answers, clock };
}

describe('KeptAnswers', () => {
  it('absent → building → fresh: the first reader builds, the answer is kept for everyone', () => {
    const answers = new KeptAnswers({ boot: 'b00t', maxAgeMs: 2000 });
    expect(answers.stateOf(url)).toBe('absent');
    expect(answers.lookup(url, 'anonymous').action).toBe('build');
    const build = answers.startBuild(url);
    expect(answers.isBuilding(url)).toBe(true);
    const answer = answers.finishBuild(build, built('first'));
    expect(answers.isBuilding(url)).toBe(false);
    expect(answers.stateOf(url)).toBe('fresh');
    expect(answer).toMatchObject({ body: 'first', etag: '"b00t-0"', generation: 0, competitionId: 1 });
    expect(answers.lookup(url, 'staff')).toEqual({ action: 'serve', answer });
    expect(answers.lookup(url, 'anonymous')).toEqual({ action: 'serve', answer });
  });

  it('building: signed-out readers wait for the build under way and get its answer; staff build their own', async () => {
    const answers = new KeptAnswers({ boot: 'b00t', maxAgeMs: 2000 });
    const build = answers.startBuild(url);
    const waiting = answers.lookup(url, 'anonymous');
    expect(waiting.action).toBe('wait');
    expect(answers.lookup(url, 'staff').action).toBe('build');
    const answer = answers.finishBuild(build, built('first'));
    if (waiting.action !== 'wait') throw new Error('expected to wait');
    expect(await waiting.build).toBe(answer);
  });

  it('building → absent: a build with nothing to keep frees its waiters with nothing', async () => {
    const answers = new KeptAnswers({ boot: 'b00t', maxAgeMs: 2000 });
    const build = answers.startBuild(url);
    const waiting = answers.lookup(url, 'anonymous');
    expect(answers.finishBuild(build, null)).toBeNull();
    if (waiting.action !== 'wait') throw new Error('expected to wait');
    expect(await waiting.build).toBeNull();
    expect(answers.stateOf(url)).toBe('absent');
    expect(answers.isBuilding(url)).toBe(false);
  });

  it('fresh → stale on a change: signed-out readers keep getting it, staff build anew', () => {
    const { answers } = keptWith();
    answers.changed();
    expect(answers.stateOf(url)).toBe('stale');
    expect(answers.lookup(url, 'anonymous').action).toBe('serve');
    expect(answers.lookup(url, 'staff').action).toBe('build');
    // Staff's build is kept as of the change count it started from, under a new ETag.
    const answer = answers.finishBuild(answers.startBuild(url), built('second'));
    expect(answer?.etag).toBe('"b00t-1"');
    expect(answers.stateOf(url)).toBe('fresh');
  });

  it('fresh → expired after maxAgeMs, unchanged: signed-out readers get it while one rebuild replaces it; staff never', () => {
    const { answers, clock } = keptWith();
    const kept = answers.lookup(url, 'anonymous');
    clock.now += 2000;
    expect(answers.stateOf(url)).toBe('fresh');
    clock.now += 1;
    expect(answers.stateOf(url)).toBe('expired');
    expect(answers.lookup(url, 'staff').action).toBe('build');
    // The first reader is served and asked to start the rebuild; the next ones only served.
    const first = answers.lookup(url, 'anonymous');
    expect(first).toMatchObject({ action: 'serve', refresh: true });
    expect(first.action === 'serve' && kept.action === 'serve' && first.answer === kept.answer).toBe(true);
    const build = answers.startBuild(url);
    expect(answers.lookup(url, 'anonymous')).toEqual({
      action: 'serve',
      answer: (first as { answer: unknown }).answer,
    });
    const renewed = answers.finishBuild(build, built('second'));
    expect(answers.stateOf(url)).toBe('fresh');
    expect(answers.lookup(url, 'anonymous')).toEqual({ action: 'serve', answer: renewed });
  });

  it('expired after a change: nobody gets it', () => {
    const { answers, clock } = keptWith();
    answers.changed();
    clock.now += 2001;
    expect(answers.stateOf(url)).toBe('expired');
    expect(answers.lookup(url, 'anonymous').action).toBe('build');
    expect(answers.lookup(url, 'staff').action).toBe('build');
  });

  it('stale → absent on the notice of its competition; the answers of other competitions stay', () => {
    const { answers } = keptWith();
    answers.finishBuild(answers.startBuild(other), built('other', 2));
    answers.changed();
    answers.noticed([1]);
    expect(answers.stateOf(url)).toBe('absent');
    expect(answers.stateOf(other)).toBe('stale');
  });

  it('an answer of no competition goes with any notice', () => {
    const answers = new KeptAnswers({ boot: 'b00t', maxAgeMs: 2000 });
    answers.finishBuild(answers.startBuild(url), { ...built('first'), competitionId: undefined });
    answers.noticed([7]);
    expect(answers.stateOf(url)).toBe('absent');
  });

  it('rebuilt for a notice: not served until the notice goes out, then fresh in place of the old one', () => {
    const { answers } = keptWith();
    expect(answers.urlsOf(1)).toEqual([url]);
    expect(answers.urlsOf(2)).toEqual([]);
    answers.changed();
    const rebuild = answers.startRebuildForNotice(url);
    expect(answers.isBuilding(url)).toBe(false);
    const rebuilt = answers.finishBuild(rebuild, built('second'));
    expect(answers.rebuiltForNotice(url)).toBe(rebuilt);
    const before = answers.lookup(url, 'anonymous');
    expect(before.action === 'serve' && before.answer.body).toBe('first');
    answers.noticed([1]);
    expect(answers.rebuiltForNotice(url)).toBeUndefined();
    expect(answers.stateOf(url)).toBe('fresh');
    const after = answers.lookup(url, 'staff');
    expect(after.action === 'serve' && after.answer.body).toBe('second');
  });

  it('a build read across a public notice is not kept: it may predate a change that notice announced', () => {
    const answers = new KeptAnswers({ boot: 'b00t', maxAgeMs: 2000 });
    const build = answers.startBuild(url);
    answers.noticed([1]);
    expect(answers.finishBuild(build, built('first'))).toBeNull();
    expect(answers.stateOf(url)).toBe('absent');
    const rebuild = answers.startRebuildForNotice(url);
    answers.noticed([1]);
    expect(answers.finishBuild(rebuild, built('second'))).toBeNull();
    expect(answers.rebuiltForNotice(url)).toBeUndefined();
  });

  it('a later build for the same URL is not forgotten when an earlier one finishes', () => {
    const answers = new KeptAnswers({ boot: 'b00t', maxAgeMs: 2000 });
    const first = answers.startBuild(url);
    const second = answers.startBuild(url);
    answers.finishBuild(first, null);
    expect(answers.isBuilding(url)).toBe(true);
    answers.finishBuild(second, null);
    expect(answers.isBuilding(url)).toBe(false);
  });
});
