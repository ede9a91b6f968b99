/**
 * An amount a person types at the desk ("12.5", "1,250.00", "40", and in German or Spanish "12,50",
 * "1.250,75") read as integer cents, exactly: the digits are read as text, never through a
 * floating-point number, so "0.29" is 29 cents and not 28. The sign is not typed: the form's Payment /
 * Refund choice gives it. Whether the amount is allowed (not zero, not over 1,000,000.00, a refund not
 * larger than what was paid) is the server's to say.
 */

/** Whole units (plain, or grouped in threes by commas) and cents after a point: "1,250.75". */
const POINT_DECIMAL = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;
/** Whole units (plain, or grouped in threes by points) and cents after a comma: "1.250,75". */
const COMMA_DECIMAL = /^(\d+|\d{1,3}(?:\.\d{3})+)(?:,(\d*))?$/;
/** Digits of whole units read at most: beyond this the number is no longer exact (and far too large). */
const MAX_WHOLE_DIGITS = 13;

/** Why a typed amount cannot be read; the form words it in the reader's language. */
export type AmountProblem = 'empty' | 'sign' | 'figures' | 'cents' | 'tooLarge';

export type AmountReading = { cents: number } | { problem: AmountProblem };

export function centsFromText(text: string): AmountReading {
  const t = text.trim().replace(/\s+/g, '');
  if (!t) return { problem: 'empty' };
  if (/^[-+−]/.test(t)) return { problem: 'sign' };
  const padded = /^[.,]/.test(t) ? `0${t}` : t;
  // A point first, as before: "1,250" stays 1250.00 (three figures after a comma group thousands).
  const m = POINT_DECIMAL.exec(padded) ?? COMMA_DECIMAL.exec(padded);
  if (!m) return { problem: 'figures' };
  const whole = m[1]!.replace(/[.,]/g, '');
  const fraction = m[2] ?? '';
  if (fraction.length > 2) return { problem: 'cents' };
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS) return { problem: 'tooLarge' };
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}
