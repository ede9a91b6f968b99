import { describe, expect, it } from 'vitest';
import { eventsFromGrid, gridEventName, standardDances } from './eventGrid.ts';

describe('events from the style × level grid', () => {
  it('gives syllabus levels fewer dances and open levels the whole style, in danced order', () => {
    expect(standardDances('Standard', 'Newcomer')).toEqual(['Waltz', 'Quickstep']);
    expect(standardDances('Standard', 'Gold')).toEqual(['Waltz', 'Tango', 'Foxtrot', 'Quickstep']);
    expect(standardDances('Latin', 'Silver')).toEqual(['ChaCha', 'Rumba', 'Jive']);
    expect(standardDances('Smooth', 'Championship')).toEqual(['Waltz', 'Tango', 'Foxtrot', 'Viennese Waltz']);
  });

  it('names events the usual way, with the dance initials unless every dance is danced', () => {
    expect(gridEventName('Rhythm', 'Bronze', ['ChaCha', 'Rumba', 'Swing'])).toBe('Bronze Rhythm (C/R/Sw)');
    expect(gridEventName('Latin', 'Open', ['ChaCha', 'Samba', 'Rumba', 'Paso Doble', 'Jive'])).toBe(
      'Open Latin',
    );
    expect(
      eventsFromGrid([{ style: 'Latin', level: 'Bronze' }], ' Day 2').map((e) => [e.name, e.dances]),
    ).toEqual([['Bronze Latin (C/R) Day 2', ['ChaCha', 'Rumba']]]);
  });
});
