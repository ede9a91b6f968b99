import { describe, expect, it } from 'vitest';
import { confirmationMessage, type ConfirmationFacts } from './confirmation.ts';
import { escapeHtml, subjectLine } from './compose.ts';
import { expectMessage } from './testHelpers.ts';

const facts = (over: Partial<ConfirmationFacts> = {}): ConfirmationFacts => ({
  competition: {
    fullName: 'Harvest Moon Ballroom Classic 2026',
    startDate: '2026-11-14',
    endDate: '2026-11-15',
    currency: 'EUR',
  },
  recipients: ['Ann Lee'],
  lead: { name: 'Bob Ray' },
  follow: { name: 'Ann Lee' },
  affiliation: 'Cambridge',
  leadNumber: 112,
  events: [{ name: 'Bronze Latin' }, { name: 'Silver Standard' }],
  tier: 'EARLY',
  feePerDancer: 27.5,
  // Two events, two dancers, €27.50 each per event.
  amountDue: 110,
  link: 'https://dance.example.org/c/hm26/entries',
  ...over,
});

describe('the registration confirmation', () => {
  it('names the competition in full, the couple, each event, the fee, the number, the dates and the link', () => {
    const m = confirmationMessage(facts());
    expectMessage(m, {
      subject: 'Registered: Harvest Moon Ballroom Classic 2026',
      both: [
        'Harvest Moon Ballroom Classic 2026',
        'Bob Ray (lead) and Ann Lee (follow)',
        'Bronze Latin',
        'Silver Standard',
        'Your number: 112',
        'Sat 14 – Sun 15 November 2026',
        'https://dance.example.org/c/hm26/entries',
      ],
      text: ['Amount due: €110 (Early tier, €27.50 per dancer per event).'],
    });
    expect(m.text).toMatch(/^Hello Ann Lee,/);
  });

  it('greets both dancers in one message when they share an address', () => {
    const m = confirmationMessage(facts({ recipients: ['Bob Ray', 'Ann Lee'] }));
    expect(m.text).toMatch(/^Hello Bob Ray and Ann Lee,/);
  });

  it('leaves the number out when none is given', () => {
    expect(confirmationMessage(facts({ leadNumber: null })).text).not.toContain('Your number');
  });

  it('escapes what people typed in the HTML part, and keeps the subject on one line', () => {
    const m = confirmationMessage(
      facts({
        lead: { name: '<script>alert(1)</script>' },
        affiliation: 'A & B "Dance"',
        competition: { ...facts().competition, fullName: 'Open\r\nBcc: x@example.com' },
      }),
    );
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(m.html).toContain('A &amp; B &quot;Dance&quot;');
    expect(m.text).toContain('<script>alert(1)</script>'); // plain text is shown as text
    expect(m.subject).toBe('Registered: Open Bcc: x@example.com');
    expect(m.html).not.toMatch(/<img|src=/i);
  });

  it('has no images and links only where it was told', () => {
    const m = confirmationMessage(facts());
    expect(m.html.match(/href="([^"]+)"/g)).toEqual(['href="https://dance.example.org/c/hm26/entries"']);
  });
});

describe('compose helpers', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('cuts a very long subject', () => {
    expect(subjectLine('x'.repeat(500)).length).toBe(200);
  });
});
