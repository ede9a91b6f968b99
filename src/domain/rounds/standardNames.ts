/**
 * The fixed round names of spec §9 (the last three rounds, and the fractions before them), on their
 * own so the words of the sport (src/domain/i18n/sport.ts) can recognise them without the rest of
 * names.ts on the public pages.
 */
export const FINAL = 'Final';
export const SEMI_FINAL = 'Semi-Final';
export const QUARTER_FINAL = 'Quarter-Final';

/** 1/8 Final (eighth-final) to 1/512 Final, nearest the final first. */
export const FRACTION_FINALS = [
  '1/8 Final',
  '1/16 Final',
  '1/32 Final',
  '1/64 Final',
  '1/128 Final',
  '1/256 Final',
  '1/512 Final',
] as const;
