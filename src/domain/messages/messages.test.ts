import { describe, expect, it } from 'vitest';
import { addressKey, distinctRecipients, distinctTeams, sameTeam, teamKey } from './audience.ts';
import { composeAnnouncement, unsubscribeHeaders } from './announcement.ts';
import { escapeHtml, htmlParagraphs } from './mailParts.ts';
import { composeYourDay, roundsOfDancer, type RunningOrderItem } from './yourDay.ts';
import { composeResultsPosted, placeWords } from './resultsPosted.ts';
import { expectMessage } from './testHelpers.ts';

describe('who receives a message', () => {
  const recipient = (name: string, email: string) => ({ name, email });

  it('one message per address, whatever its case or spaces; unmailable and unsubscribed left out', () => {
    const out = distinctRecipients(
      [
        recipient('Ann', 'Ann@Example.com'),
        recipient('Ann again', ' ann@example.com '),
        recipient('Ben', 'ben@example.com'),
        recipient('No mail', ''),
        recipient('Broken', 'not an address'),
        recipient('Gone', 'gone@example.com'),
      ],
      new Set([addressKey('GONE@example.com')]),
    );
    expect(out).toEqual([recipient('Ann', 'Ann@Example.com'), recipient('Ben', 'ben@example.com')]);
  });

  it('a team is its affiliation trimmed, spaces run together, any case', () => {
    expect(sameTeam('Harvard ', ' harvard')).toBe(true);
    expect(sameTeam('Boston  University', 'boston university')).toBe(true);
    expect(sameTeam('Harvard', 'Yale')).toBe(false);
    expect(sameTeam('', '  ')).toBe(false);
    expect(teamKey('  MIT Ballroom ')).toBe('mit ballroom');
  });

  it('lists each team once, in its most used spelling', () => {
    expect(distinctTeams(['harvard', 'Harvard', 'Harvard ', 'MIT', '', 'Yale'])).toEqual([
      'Harvard',
      'MIT',
      'Yale',
    ]);
  });
});

describe('the HTML part', () => {
  it('escapes everything the organizer typed and keeps paragraphs and line breaks', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(htmlParagraphs('One\ntwo\n\n\nThree <b>')).toBe('<p>One<br>\ntwo</p>\n<p>Three &lt;b&gt;</p>');
  });
});

describe('an announcement', () => {
  const a = composeAnnouncement({
    competitionName: 'Riverside Classic',
    subject: 'Venue <change>',
    body: 'We moved to <Hall B>.\n\nSee you there.',
    unsubscribeUrl: 'https://comp.example.org/c/rc/unsubscribe?t=abc&x=1',
  });

  it('is the organizer’s text with the way out in both parts', () => {
    expectMessage(a, {
      subject: 'Venue <change>',
      text: [
        'We moved to <Hall B>.\n\nSee you there.',
        'To receive no more announcements from Riverside Classic: https://comp.example.org/c/rc/unsubscribe?t=abc&x=1',
      ],
      html: [
        '<p>We moved to &lt;Hall B&gt;.</p>',
        'href="https://comp.example.org/c/rc/unsubscribe?t=abc&amp;x=1"',
        '<title>Venue &lt;change&gt;</title>',
      ],
    });
  });

  it('has no images and no link but ours', () => {
    expect(a.html).not.toMatch(/<img/i);
    expect([...a.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'https://comp.example.org/c/rc/unsubscribe?t=abc&amp;x=1',
    ]);
  });

  it('carries the one-click unsubscribe headers (RFC 8058)', () => {
    expect(unsubscribeHeaders('https://x.example/api/v1/competitions/rc/unsubscribe?t=abc')).toEqual({
      'List-Unsubscribe': '<https://x.example/api/v1/competitions/rc/unsubscribe?t=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('"Your day"', () => {
  const item = (eventKey: string, roundNumber: number, more: Partial<RunningOrderItem> = {}) => ({
    eventKey,
    eventName: eventKey === 'w' ? 'Silver Waltz' : 'Gold Tango',
    roundNumber,
    roundName: roundNumber === 1 ? 'Semi-final' : 'Final',
    floor: 'Main floor',
    estimatedStart: `2031-05-10T1${roundNumber}:00:00.000Z`,
    skipped: false,
    ...more,
  });
  const time = (iso: string | null) => (iso ? iso.slice(11, 16) : 'TBA');

  it('lists the dancer’s rounds in running order; later rounds only if recalled; skipped ones left out', () => {
    const order = [
      item('w', 1),
      item('t', 1, { estimatedStart: null }),
      item('w', 2),
      item('t', 2, { skipped: true }),
    ];
    const rounds = roundsOfDancer(
      order,
      [
        { eventKey: 'w', partnerName: 'Ben', joinsRound: null },
        { eventKey: 't', partnerName: 'Carl', joinsRound: null },
      ],
      time,
    );
    expect(rounds.map((r) => [r.eventName, r.roundName, r.time, r.ifRecalled, r.partnerName])).toEqual([
      ['Silver Waltz', 'Semi-final', '11:00', false, 'Ben'],
      ['Gold Tango', 'Semi-final', 'TBA', false, 'Carl'],
      ['Silver Waltz', 'Final', '12:00', true, 'Ben'],
    ]);
  });

  it('a star couple starts at the round it joins', () => {
    const rounds = roundsOfDancer(
      [item('w', 1), item('w', 2)],
      [{ eventKey: 'w', partnerName: 'Ben', joinsRound: 2 }],
      time,
    );
    expect(rounds.map((r) => [r.roundName, r.ifRecalled])).toEqual([['Final', false]]);
  });

  it('writes the rounds with floors (when several) and the links, escaped in HTML', () => {
    const m = composeYourDay({
      competitionName: 'Riverside <Classic>',
      dancerName: 'Ann',
      rounds: [
        {
          eventName: 'Silver Waltz',
          roundName: 'Final',
          floor: 'Floor B',
          time: '3:45 PM',
          ifRecalled: true,
          partnerName: 'Ben',
        },
      ],
      severalFloors: true,
      liveUrl: 'https://x.example/c/rc/live',
      dancerUrl: 'https://x.example/c/rc/competitors/7',
    });
    expectMessage(m, {
      subject: 'Your day at Riverside <Classic>',
      text: [
        '- 3:45 PM, Floor B: Silver Waltz, Final (if recalled) with Ben',
        'https://x.example/c/rc/live',
        'https://x.example/c/rc/competitors/7',
      ],
      html: ['Riverside &lt;Classic&gt;'],
      notInHtml: ['<Classic>'],
    });
  });
});

describe('results posted', () => {
  const base = {
    competitionName: 'Riverside Classic',
    eventName: 'Gold Tango',
    dancerName: 'Ann',
    partnerName: 'Ben',
    resultsUrl: 'https://x.example/c/rc/results/gold-tango',
  };

  it('says the place in the final, a shared place as such, or that the couple was not in it', () => {
    expect(placeWords(1)).toBe('1st');
    expect(placeWords(2.5)).toBe('shared 2.5');
    expect(composeResultsPosted({ ...base, place: 3, corrected: false }).text).toContain(
      'You and Ben placed 3rd in the final.',
    );
    expect(composeResultsPosted({ ...base, place: null, corrected: false }).text).toContain(
      'You and Ben did not dance in the final.',
    );
  });

  it('names a correction in the subject and the text', () => {
    const m = composeResultsPosted({ ...base, place: 1, corrected: true });
    expect(m.subject).toBe('Corrected results: Gold Tango at Riverside Classic');
    expect(m.text).toContain('corrected and posted again');
    expect(composeResultsPosted({ ...base, place: 1, corrected: false }).subject).toBe(
      'Results: Gold Tango at Riverside Classic',
    );
  });
});
