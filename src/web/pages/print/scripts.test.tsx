// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { buildPrintOut } from './sheets.ts';
import { SheetPages } from './SheetPages.tsx';
import type { PrintData } from './types.ts';
import { goldLatin, oneEventPrintData, printEntry, printRound } from './printData.fixture.ts';

/** Real names in several scripts, as the server stores them (NFC). */
const COUPLES = [
  { lead: 'Zoë Straße', follow: 'Łucja Wróbel', team: 'Université de Montréal' },
  { lead: '李小龙', follow: '王芳', team: '北京舞蹈学院' },
  { lead: 'عمر الفاروق', follow: 'ليلى حسن', team: 'نادي عربي للرقص' },
];

function data(): PrintData {
  const entries = COUPLES.map((c, i) =>
    printEntry(101 + i, { entryId: i + 1, leadName: c.lead, followName: c.follow, affiliation: c.team }),
  );
  const final = printRound(1, 'Final', [], {
    roundId: 'bronze-latin-R1',
    recallSize: 3,
    roundState: 2,
    entries: entries.map((e) => ({ entryId: e.entryId, leadNumber: e.leadNumber, heat: 1 })),
  });
  const event = {
    ...goldLatin(entries, [final], ['Cha Cha', 'Rumba']),
    key: 'bronze-latin',
    name: 'Bronze Latin',
    level: 'Bronze',
  };
  return oneEventPrintData(event, 'Ünïcode Open');
}

describe('print-outs with names in several scripts', () => {
  it('the heat list prints every name whole, as stored', () => {
    const out = buildPrintOut(data(), 'heats', { kind: 'round', roundId: 'bronze-latin-R1' }, 'A4');
    expect(out.pages.length).toBeGreaterThan(0);
    const sheet = render(
      <SheetPages pages={out.pages} paper="A4" competition="Ünïcode Open" timeZone="UTC" clock="24h" />,
    );
    const text = sheet.container.textContent ?? '';
    for (const c of COUPLES) {
      expect(text).toContain(c.lead);
      expect(text).toContain(c.follow);
    }
    sheet.unmount();
  });
});
