import { describe, expect, it } from 'vitest';
import {
  awardsOf,
  checkYcnEntry,
  ordinal,
  pointsAtLevel,
  standings,
  YCN_LEVEL_OF,
  type Placing,
  type Standing,
} from './ycn.ts';
import { LEVELS, type Level } from '../levels.ts';

const src = (event: string, date = '2025-03-01') => ({ competition: 'Riverside Classic 2025', event, date });

/** One placing in a one-dance event (Standard Waltz unless told). */
function placing(p: Partial<Placing> & Pick<Placing, 'level' | 'roundsDanced' | 'place'>): Placing {
  return {
    style: 'Standard',
    dances: ['Waltz'],
    source: src(`${p.level} Standard Waltz`),
    ...p,
  };
}

/** A one-dance event at `level`: "Open Waltz", Standard. */
const waltzAt = (level: Level) =>
  ({ name: `${level} Waltz`, style: 'Standard', level, dances: ['Waltz'] }) as const;

/** Points per level of one style and dance: {Silver: 3, Bronze: 6, …}. */
function pointsByLevel(list: readonly Standing[], dance = 'Waltz', style = 'Standard') {
  return Object.fromEntries(
    list.filter((s) => s.dance === dance && s.style === style).map((s) => [s.level, s.points]),
  );
}

describe('the rule table: points at the event level', () => {
  it('a straight final earns nothing, whatever the place', () => {
    for (const place of [1, 2, 3, 4, 5, 6]) expect(pointsAtLevel(1, place)).toBe(0);
    expect(standings([placing({ level: 'Gold', roundsDanced: 1, place: 1 })])).toEqual([]);
  });

  it('with a semi-final (2 rounds): 1st 3, 2nd 2, 3rd 1, 4th–6th nothing', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((p) => pointsAtLevel(2, p))).toEqual([3, 2, 1, 0, 0, 0, 0]);
  });

  it('with a quarter-final or more (3+ rounds): 1st 3, 2nd 2, 3rd–6th 1', () => {
    for (const rounds of [3, 4, 6])
      expect([1, 2, 3, 4, 5, 6, 7].map((p) => pointsAtLevel(rounds, p))).toEqual([3, 2, 1, 1, 1, 1, 0]);
  });

  it('a shared place counts as the better place it shares', () => {
    expect(pointsAtLevel(2, 2.5)).toBe(2);
    expect(pointsAtLevel(2, 3.5)).toBe(1);
    expect(ordinal(2.5)).toBe('2nd=');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
  });
});

describe('the rule table: points flow to lower levels', () => {
  it('semi-final: one level below is double (6/4/2), two or more below is 7', () => {
    const at = (place: number) =>
      pointsByLevel(standings([placing({ level: 'Gold', roundsDanced: 2, place })]));
    expect(at(1)).toEqual({ Gold: 3, Silver: 6, Bronze: 7, Newcomer: 7 });
    expect(at(2)).toEqual({ Gold: 2, Silver: 4, Bronze: 7, Newcomer: 7 });
    expect(at(3)).toEqual({ Gold: 1, Silver: 2, Bronze: 7, Newcomer: 7 });
    expect(at(4)).toEqual({});
  });

  it('quarter-final: 3rd–6th earn 1 at the level, 2 one below, 7 further down', () => {
    for (const place of [3, 4, 5, 6])
      expect(pointsByLevel(standings([placing({ level: 'Gold', roundsDanced: 3, place })]))).toEqual({
        Gold: 1,
        Silver: 2,
        Bronze: 7,
        Newcomer: 7,
      });
    expect(pointsByLevel(standings([placing({ level: 'Gold', roundsDanced: 3, place: 7 })]))).toEqual({});
  });

  it('Championship points flow through the whole ladder (no level of its own is skipped)', () => {
    expect(pointsByLevel(standings([placing({ level: 'Championship', roundsDanced: 4, place: 2 })]))).toEqual(
      {
        Championship: 2,
        'Pre-Championship': 4,
        Novice: 7,
        Gold: 7,
        Silver: 7,
        Bronze: 7,
        Newcomer: 7,
      },
    );
  });

  it('Newcomer points have nowhere lower to go', () => {
    expect(pointsByLevel(standings([placing({ level: 'Newcomer', roundsDanced: 2, place: 1 })]))).toEqual({
      Newcomer: 3,
    });
  });
});

describe('placing out', () => {
  it('happens at exactly 7 points at a level, not at 6', () => {
    // Two 1st places in Silver with a semi-final: 3 + 3 = 6 in Silver; a 3rd adds 1: exactly 7.
    const six = standings([
      placing({ level: 'Silver', roundsDanced: 2, place: 1, source: src('Silver Waltz A', '2025-01-10') }),
      placing({ level: 'Silver', roundsDanced: 2, place: 1, source: src('Silver Waltz B', '2025-02-10') }),
    ]);
    const silver6 = six.find((s) => s.level === 'Silver')!;
    expect([silver6.points, silver6.placedOut]).toEqual([6, false]);
    const seven = standings([
      ...[1, 1].map((place, i) =>
        placing({
          level: 'Silver',
          roundsDanced: 2,
          place,
          source: src(`Silver Waltz ${i}`, `2025-0${i + 1}-10`),
        }),
      ),
      placing({ level: 'Silver', roundsDanced: 2, place: 3, source: src('Silver Waltz C', '2025-03-10') }),
    ]);
    const silver7 = seven.find((s) => s.level === 'Silver')!;
    expect([silver7.points, silver7.placedOut]).toEqual([7, true]);
    // Newest source first.
    expect(silver7.sources.map((s) => s.event)).toEqual([
      'Silver Waltz C',
      'Silver Waltz 1',
      'Silver Waltz 0',
    ]);
  });

  it('7 points at a level place the dancer out of every level below, even with fewer points there', () => {
    // Imported results could give a level above more than one below; the rule still closes the lower.
    const list: Standing[] = [
      { style: 'Latin', dance: 'Rumba', level: 'Gold', points: 7, placedOut: true, sources: [] },
    ];
    const refused = checkYcnEntry(
      'Ana Ruiz',
      { name: 'Bronze Rumba', style: 'Latin', level: 'Bronze', dances: ['Rumba'] },
      list,
    );
    expect(refused.map((r) => [r.dance, r.level, r.points])).toEqual([['Rumba', 'Gold', 7]]);
    const s = standings([
      placing({ level: 'Gold', roundsDanced: 2, place: 1, style: 'Latin', dances: ['Rumba'] }),
      placing({ level: 'Gold', roundsDanced: 2, place: 1, style: 'Latin', dances: ['Rumba'] }),
      placing({ level: 'Gold', roundsDanced: 2, place: 3, style: 'Latin', dances: ['Rumba'] }),
    ]);
    expect(s.filter((x) => x.placedOut).map((x) => x.level)).toEqual([
      'Gold',
      'Silver',
      'Bronze',
      'Newcomer',
    ]);
  });

  it('never at Championship: no cap there', () => {
    const s = standings(
      [1, 1, 1, 1].map((place, i) =>
        placing({ level: 'Championship', roundsDanced: 3, place, source: src(`Champ ${i}`) }),
      ),
    );
    const champ = s.find((x) => x.level === 'Championship')!;
    expect([champ.points, champ.placedOut]).toEqual([12, false]);
    expect(checkYcnEntry('Ana Ruiz', waltzAt('Championship'), s)).toEqual([]);
    // Open counts as Championship: open to everyone.
    expect(checkYcnEntry('Ana Ruiz', waltzAt('Open'), s)).toEqual([]);
    expect(checkYcnEntry('Ana Ruiz', waltzAt('Prechamp'), s)).toHaveLength(1);
  });
});

describe('per dance, per style', () => {
  it('a multi-dance event gives each of its dances the event placing', () => {
    const s = standings([
      placing({ level: 'Bronze', roundsDanced: 2, place: 2, style: 'Latin', dances: ['ChaCha', 'Rumba'] }),
    ]);
    expect(pointsByLevel(s, 'ChaCha', 'Latin')).toEqual({ Bronze: 2, Newcomer: 4 });
    expect(pointsByLevel(s, 'Rumba', 'Latin')).toEqual({ Bronze: 2, Newcomer: 4 });
    expect(pointsByLevel(s, 'Samba', 'Latin')).toEqual({});
  });

  it('keeps styles apart: Smooth Waltz points are not Standard Waltz points', () => {
    const s = standings([placing({ level: 'Silver', roundsDanced: 2, place: 1, style: 'Smooth' })]);
    expect(pointsByLevel(s, 'Waltz', 'Smooth')).toEqual({ Silver: 3, Bronze: 6, Newcomer: 7 });
    expect(pointsByLevel(s, 'Waltz', 'Standard')).toEqual({});
  });

  it('refuses a multi-dance event when placed out of any one of its dances, naming that dance', () => {
    const s = standings([placing({ level: 'Silver', roundsDanced: 2, place: 1, dances: ['Waltz'] })]);
    const r = checkYcnEntry(
      'Jo Park',
      {
        name: 'Newcomer Standard (W/Q)',
        style: 'Standard',
        level: 'Newcomer',
        dances: ['Waltz', 'Quickstep'],
      },
      s,
    );
    expect(r.map((x) => x.dance)).toEqual(['Waltz']);
  });
});

describe('our levels on the ladder', () => {
  it('maps every level we have; Prechamp is Pre-Championship', () => {
    expect(Object.keys(YCN_LEVEL_OF).sort()).toEqual([...LEVELS].sort());
    expect(YCN_LEVEL_OF.Prechamp).toBe('Pre-Championship');
    expect(YCN_LEVEL_OF.Beginner).toBe('Newcomer');
    expect(YCN_LEVEL_OF.Syllabus).toBe('Gold');
    expect(YCN_LEVEL_OF.Open).toBe('Championship');
  });

  it('a Syllabus placing earns Gold points; placed out of Gold closes Syllabus', () => {
    expect(awardsOf(placing({ level: 'Syllabus', roundsDanced: 2, place: 1 }))[0]).toMatchObject({
      level: 'Gold',
      points: 3,
    });
    // One Novice win: Gold (one below) gets 6, still open; a second: 12, out of Gold and Syllabus.
    const once = standings([placing({ level: 'Novice', roundsDanced: 2, place: 1 })]);
    const syllabus = waltzAt('Syllabus');
    expect(checkYcnEntry('Jo Park', syllabus, once)).toEqual([]);
    const s = standings([1, 1].map((place) => placing({ level: 'Novice', roundsDanced: 2, place })));
    expect(checkYcnEntry('Jo Park', waltzAt('Syllabus'), s)).toHaveLength(1);
  });
});

describe('published examples, worked by hand', () => {
  it("the issue's dancer: won Silver Waltz after a semi-final", () => {
    // Rule table, semi-final row: 1st = 3 at the event's level (Silver); one level below (Bronze)
    // double: 6; two levels below (Newcomer) 7. 7 ≥ 7, so she is out of Newcomer Waltz; Bronze (6)
    // and Silver (3) stay open.
    const s = standings([
      placing({ level: 'Silver', roundsDanced: 2, place: 1, source: src('Silver Standard Waltz') }),
    ]);
    expect(pointsByLevel(s)).toEqual({ Silver: 3, Bronze: 6, Newcomer: 7 });
    expect(s.filter((x) => x.placedOut).map((x) => x.level)).toEqual(['Newcomer']);
    const event = (level: 'Newcomer' | 'Bronze') => ({
      name: `${level} Standard Waltz`,
      style: 'Standard' as const,
      level,
      dances: ['Waltz'],
    });
    const [refusal] = checkYcnEntry('Jane Doe', event('Newcomer'), s);
    expect(refusal?.message).toBe(
      'Jane Doe has 7 YCN points in Newcomer Standard Waltz (7 place a dancer out), from 1st in ' +
        'Silver Standard Waltz at Riverside Classic 2025 (2025-03-01, 7 pts), and may not enter Newcomer Standard Waltz.',
    );
    expect(checkYcnEntry('Jane Doe', event('Bronze'), s)).toEqual([]);
  });

  it('MIT Open (ballroom.mit.edu/comp/ycnpoints.shtml): 3rd in a Silver Samba/Jive event', () => {
    // "If you place 3rd in a Silver Samba/Jive event, you earn points for placing 3rd in Silver Samba
    // and 3rd in Silver Jive." With a semi-final danced, 3rd earns 1 at Silver; one level below
    // (Bronze) double: 2; two below (Pre-Bronze = Newcomer) 7 — for Samba and for Jive alike.
    const s = standings([
      placing({ level: 'Silver', roundsDanced: 2, place: 3, style: 'Latin', dances: ['Samba', 'Jive'] }),
    ]);
    for (const dance of ['Samba', 'Jive'])
      expect(pointsByLevel(s, dance, 'Latin')).toEqual({ Silver: 1, Bronze: 2, Newcomer: 7 });
    // Had there been a quarter-final and she placed 5th instead: the same 1 / 2 / 7.
    const q = standings([
      placing({ level: 'Silver', roundsDanced: 3, place: 5, style: 'Latin', dances: ['Samba', 'Jive'] }),
    ]);
    expect(pointsByLevel(q, 'Jive', 'Latin')).toEqual({ Silver: 1, Bronze: 2, Newcomer: 7 });
  });
});
