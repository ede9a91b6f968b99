import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Every catalog folder: `<area>/locales/` with en.json, under src/. */
function catalogFolders(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.name === 'locales') into.push(path);
    else catalogFolders(path, into);
  }
  return into;
}

const read = (folder: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8')) as Record<string, string>;

/**
 * The names a message fills in ({count}, {couple}), whatever its plural or select branches hold. A
 * compiled message is a list of tokens: text, or [name, format?, branches?] whose branches are lists.
 */
function placeholders(tokens: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(tokens)) return into;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    into.add(String(token[0]));
    const branches: unknown = token[2];
    if (branches && typeof branches === 'object')
      for (const branch of Object.values(branches as Record<string, unknown>)) placeholders(branch, into);
  }
  return into;
}

const folders = catalogFolders(ROOT);

describe('message catalogs', () => {
  it('are found', () => {
    expect(folders.length).toBeGreaterThan(0);
  });

  for (const folder of folders) {
    const name = relative(ROOT, dirname(folder));
    it(`${name}: every shipped language has exactly the English keys, each a valid message with the same placeholders`, () => {
      const en = read(folder, 'en');
      expect(Object.keys(en).length).toBeGreaterThan(0);
      for (const locale of LOCALES) {
        const messages = read(folder, locale);
        expect(Object.keys(messages).sort(), `${name}/${locale}.json: keys`).toEqual(Object.keys(en).sort());
        for (const [key, message] of Object.entries(messages)) {
          expect(typeof message, `${name}/${locale}.json: ${key}`).toBe('string');
          expect(message.trim(), `${name}/${locale}.json: ${key} is empty`).not.toBe('');
          let compiled: unknown;
          expect(() => (compiled = compileMessage(message)), `${name}/${locale}.json: ${key}`).not.toThrow();
          expect(
            [...placeholders(compiled)].sort(),
            `${name}/${locale}.json: ${key} fills in what English does`,
          ).toEqual([...placeholders(compileMessage(en[key]!))].sort());
        }
      }
    });
  }
});
