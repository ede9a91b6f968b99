import type { RegisterKey } from './text.ts';

/**
 * The texts each dancer agrees to (spec §9: a liability release and a media permission), as keys of
 * the register catalog: each a title and its paragraphs.
 */
export const LIABILITY_TITLE = 'liability.title' satisfies RegisterKey;
export const LIABILITY_TEXT = ['liability.1', 'liability.2', 'liability.3'] as const satisfies RegisterKey[];

export const MEDIA_TITLE = 'media.title' satisfies RegisterKey;
export const MEDIA_TEXT = ['media.1', 'media.2'] as const satisfies RegisterKey[];
