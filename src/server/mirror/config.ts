import { StartupError } from '../db/dataFolder.ts';
import type { MirrorTarget } from './venue.ts';

/**
 * The mirror's settings from the environment (docs/mirror.md): at a venue PROMENADE_MIRROR_URL and
 * PROMENADE_MIRROR_TOKEN (and PROMENADE_MIRROR_COMPETITIONS, PROMENADE_MIRROR_VENUE); at the public
 * site PROMENADE_MIRROR_ACCEPT_TOKEN (comma-separated secrets).
 */
export function mirrorSettings(env: NodeJS.ProcessEnv): {
  mirrorTo: MirrorTarget | null;
  mirrorAcceptTokens: string[];
} {
  const url = env.PROMENADE_MIRROR_URL?.trim();
  const token = env.PROMENADE_MIRROR_TOKEN?.trim();
  let mirrorTo: MirrorTarget | null = null;
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new StartupError(`PROMENADE_MIRROR_URL is not an address: ${url}`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new StartupError(
        'PROMENADE_MIRROR_URL must start with https:// (or http:// on a local network).',
      );
    if (!token || token.length < 16)
      throw new StartupError('PROMENADE_MIRROR_TOKEN must be set to a secret of at least 16 characters.');
    const list = env.PROMENADE_MIRROR_COMPETITIONS?.split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    mirrorTo = {
      url: parsed.toString().replace(/\/+$/, ''),
      token,
      competitions: list && list.length > 0 ? list : null,
      venueName: env.PROMENADE_MIRROR_VENUE?.trim() || null,
    };
  }
  const mirrorAcceptTokens = (env.PROMENADE_MIRROR_ACCEPT_TOKEN ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (mirrorAcceptTokens.some((t) => t.length < 16))
    throw new StartupError('Each secret in PROMENADE_MIRROR_ACCEPT_TOKEN must be at least 16 characters.');
  return { mirrorTo, mirrorAcceptTokens };
}
