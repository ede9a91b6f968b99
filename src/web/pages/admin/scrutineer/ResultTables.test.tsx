// @vitest-environment jsdom
import '../../../test/setup.ts';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { RecallResultTable } from './ResultTables.tsx';

describe("the scrutineer's recall tally", () => {
  it('says "1 couple recalled", never "1 couples"', () => {
    render(
      <MantineProvider>
        <RecallResultTable
          result={{
            kind: 'recall',
            placements: [
              { couple: '11', marks: 2 },
              { couple: '12', marks: 0 },
            ],
            sumRecalls: { '11': 2, '12': 0 },
            byJudge: { '11': { A: 1, B: 1 }, '12': { A: 0, B: 0 } },
            recalled: ['11'],
            posted: false,
            postedAt: null,
          }}
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('recall-summary').textContent).toMatch(/^1 couple recalled/);
  });
});
