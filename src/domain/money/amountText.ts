/**
 * An amount a person types at the desk ("12.5", "1,250.00", "40") read as integer cents, exactly: the
 * digits are read as text, never through a floating-point number, so "0.29" is 29 cents and not 28.
 * The sign is not typed: the form's Payment / Refund choice gives it. Whether the amount is allowed (not
 * zero, not over 1,000,000.00, a refund not larger than what was paid) is the server's to say.
 */

/** Whole units: plain digits, or digits grouped in threes by commas ("1,250"). */
const AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;
/** Digits of whole units read at most: beyond this the number is no longer exact (and far too large). */
const MAX_WHOLE_DIGITS = 13;

export type AmountReading = { cents: number } | { problem: string };

export function centsFromText(text: string): AmountReading {
  const t = text.trim().replace(/\s+/g, '');
  if (!t) return { problem: 'Type the amount, like 12.50.' };
  if (/^[-+−]/.test(t))
    return { problem: 'Type the amount without a sign: choose Refund to give money back.' };
  const m = AMOUNT.exec(t.startsWith('.') ? `0${t}` : t);
  if (!m) return { problem: 'Type the amount in figures, with a point before the cents, like 12.50.' };
  const whole = m[1]!.replace(/,/g, '');
  const fraction = m[2] ?? '';
  if (fraction.length > 2) return { problem: 'An amount has at most two figures after the point (cents).' };
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS) return { problem: 'That amount is far too large.' };
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}
