import { describe, expect, it } from 'vitest';
import { entryLinkExpiry, entryLinkRefusal, entryLinkUrl } from './entryLinks.ts';
import { recoveryMessage } from './messages/recovery.ts';
import { expectMessage } from './messages/testHelpers.ts';

const now = new Date('2026-03-01T10:00:00Z');

describe('entry links', () => {
  it('gives a recovery link 24 hours and a confirmation link until a week after the last day', () => {
    expect(entryLinkExpiry('recovery', '2026-04-11', now).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(entryLinkExpiry('confirmation', '2026-04-11', now).toISOString()).toBe('2026-04-19T00:00:00.000Z');
    // Registered after the competition (at the desk, late): still a day to open it.
    expect(entryLinkExpiry('confirmation', '2026-01-10', now).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it('opens a recovery link once, a confirmation link until it expires', () => {
    const expiresAt = '2026-03-02T10:00:00.000Z';
    expect(entryLinkRefusal({ purpose: 'recovery', expiresAt, usedAt: null }, now)).toBeNull();
    expect(entryLinkRefusal({ purpose: 'recovery', expiresAt, usedAt: now.toISOString() }, now)).toBe('used');
    expect(
      entryLinkRefusal({ purpose: 'confirmation', expiresAt, usedAt: now.toISOString() }, now),
    ).toBeNull();
    expect(entryLinkRefusal({ purpose: 'confirmation', expiresAt, usedAt: null }, new Date(expiresAt))).toBe(
      'expired',
    );
  });

  it("points at the competition's own entries page", () => {
    expect(entryLinkUrl('https://comp.example.org/', 'vss 24', 'abc_-1')).toBe(
      'https://comp.example.org/c/vss%2024/entries?open=abc_-1',
    );
  });
});

describe('the recovery message', () => {
  it('holds the link in both parts and escapes names in the HTML part', () => {
    const m = recoveryMessage({
      competitionName: 'Spring <Classic> & Co',
      leadName: "Ann O'Neil",
      followName: 'Bo "B" Lee',
      link: 'https://comp.example.org/c/demo/entries?open=tok',
    });
    expectMessage(m, {
      subject: 'Your registration for Spring <Classic> & Co',
      text: ['https://comp.example.org/c/demo/entries?open=tok', 'within 24 hours'],
      html: [
        'href="https://comp.example.org/c/demo/entries?open=tok"',
        'Spring &lt;Classic&gt; &amp; Co',
        'Ann O&#39;Neil and Bo &quot;B&quot; Lee',
      ],
      notInHtml: [/<img|<script/],
    });
  });
});
