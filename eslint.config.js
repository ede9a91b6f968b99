import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import react from 'eslint-plugin-react';
import globals from 'globals';

// A round's state is written only where the pure lifecycle's decision is applied.
const roundStateWrite = {
  selector: "ObjectExpression > Property[key.name='round_state']",
  message:
    "A round's state is written only by src/server/api/rounds/transition.ts (applyRoundTransition, insertRound).",
};
// A stale write is answered one way (same status, code and details shape everywhere).
const staleLiteral = {
  selector: "NewExpression > Literal[value='stale']",
  message:
    'Answer a stale write with assertVersion (src/server/http/command.ts) or, for a check that is not one version, stale() from src/server/errors.ts.',
};
// An un-awaited version check would let the stale write go on.
const unawaitedVersionCheck = {
  selector: ":not(AwaitExpression) > CallExpression[callee.name='assertVersion']",
  message: 'await assertVersion(…): without await a stale write is saved anyway.',
};
/**
 * An API path written by hand: every API path lives in src/domain/schemas/endpoints.ts. (The web's
 * own pages /competitions and /people/{id} share prefixes with the API, so those stay allowed.)
 */
const API_PATH_MESSAGE =
  'API paths live in the endpoint table (src/domain/schemas/endpoints.ts): use endpoints.* with call() or pathOf().';
const pathLiterals = (pattern) => [
  { selector: `Literal[value=${pattern}]`, message: API_PATH_MESSAGE },
  { selector: `TemplateElement[value.raw=${pattern}]`, message: API_PATH_MESSAGE },
];
/**
 * An answer type named by hand on a web call: the answer type of `call(endpoints.x, …)` comes from the
 * endpoint table, which the server checks against the route's schemas.
 */
const handTypedCall = {
  selector: "CallExpression[callee.name='call'][typeArguments]",
  message: 'call() takes its answer type from the endpoint table: drop the type argument.',
};
/**
 * Words a person reads come from the message catalogs (src/domain/i18n/catalog.ts), never literals:
 * text between JSX tags (react/jsx-no-literals) and the attributes that are read out or shown.
 */
const TEXT_ATTRIBUTES =
  '/^(label|placeholder|title|alt|description|aria-label|aria-description|aria-valuetext|error|message|nothingFoundMessage)$/';
const textAttribute = {
  selector: `JSXAttribute[name.name=${TEXT_ATTRIBUTES}] > Literal[value=/[A-Za-z]/]`,
  message: 'Text a person reads comes from a message catalog: t(…) with useT (src/web/i18n/locale.ts).',
};
const textAttributeTemplate = {
  selector: `JSXAttribute[name.name=${TEXT_ATTRIBUTES}] > JSXExpressionContainer > Literal[value=/[A-Za-z]/]`,
  message: textAttribute.message,
};
/** Punctuation and symbols between tags are not words. */
const NOT_WORDS = [
  '·',
  '—',
  '–',
  '-',
  '/',
  '×',
  '(',
  ')',
  ':',
  ',',
  '.',
  '%',
  '…',
  '•',
  '|',
  '+',
  '#',
  '→',
  '←',
  '↑',
  '↓',
  '✓',
  '✗',
  '*',
  '=',
  '&',
  '@',
  '?',
  '!',
  ';',
  '"',
  '“',
  '”',
  '’',
  "'",
  '[',
  ']',
  '{',
  '}',
  '<',
  '>',
];
/** Names that are the same in every language. */
const BRANDS = [
  'Facebook',
  'Instagram',
  'Promenade',
  'Skating System',
  'AJS',
  'CSV',
  'PDF',
  'QR',
  'WDSF',
  'NDCA',
];
const apiPathLiterals = pathLiterals('/^\\/(api\\/v1\\/)?(competitions\\/|auth\\/|site(\\/|$))/');
/** The server's image addresses are links under /api/v1 it hands out, not routes: only bare paths. */
const serverPathLiterals = pathLiterals('/^\\/(competitions|auth|site|people)(\\/|$)/');

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The domain core is pure: no I/O, no server or web code.
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts', 'src/domain/**/cli.ts', 'src/domain/**/*.bench.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:fs',
            'node:net',
            'node:http',
            'fs',
            '*/server/*',
            '*/web/*',
            'better-sqlite3',
            'kysely',
          ],
        },
      ],
    },
  },
  {
    // Rules for server code: a round's state written in one place, one way to answer a stale write.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
    rules: { 'no-restricted-syntax': ['error', roundStateWrite, staleLiteral, unawaitedVersionCheck] },
  },
  {
    // The one module that writes a round's state from what the pure lifecycle decided.
    files: ['src/server/api/rounds/transition.ts'],
    rules: { 'no-restricted-syntax': ['error', staleLiteral, unawaitedVersionCheck, ...serverPathLiterals] },
  },
  {
    // The one place the 409 `stale` answer is built (the `stale` factory).
    files: ['src/server/errors.ts'],
    rules: {
      'no-restricted-syntax': ['error', roundStateWrite, unawaitedVersionCheck, ...serverPathLiterals],
    },
  },
  {
    // The web reaches the API only through the endpoint table (boot.ts stays import-free: its reads
    // are held to the table by api/bootReads.test.tsx).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/test/**', 'src/web/boot.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...apiPathLiterals,
        handTypedCall,
        textAttribute,
        textAttributeTemplate,
      ],
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx', 'src/web/test/**'],
    plugins: { react },
    rules: {
      'react/jsx-no-literals': [
        'error',
        { noStrings: true, ignoreProps: true, allowedStrings: [...NOT_WORDS, ...BRANDS] },
      ],
    },
  },
  {
    // The web shares code with the server only through src/domain (its schemas are the contract).
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/server/**'],
          // Links keep a page's competition in the address (/c/{key}/…): components/Link.tsx.
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Use Link from src/web/components/Link.tsx: it keeps /c/{key} in the address.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one wrapper of React Router's links.
    files: ['src/web/components/Link.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // Every spec runs against its worker's own server: `test` from e2e/support/test.ts sets baseURL.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Use test from e2e/support/test.ts: it points baseURL at this worker's server.",
            },
          ],
        },
      ],
    },
  },
);
