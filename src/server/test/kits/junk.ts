/**
 * fast-check generators of request bodies and parameters that a route's own schema (from the OpenAPI
 * document) must refuse: each value breaks at least one rule for sure (a wrong type, a string past its
 * maximum, a number out of range, an unknown field where none are allowed, a missing required field),
 * dressed in hostile content (huge strings, RTL marks, emoji, NUL, lone surrogates, deep nesting).
 */
import fc from 'fast-check';
import type { JsonSchema } from './catalogue.ts';

/** Nested `depth` levels deep: `[[[…]]]` or `{"a":{"a":…}}`. */
export function deep(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe\u202C',
  'مرحبا بالعالم',
  '💃🕺🏽👨‍👩‍👧‍👦',
  '\uD800',
  'x\uDFFFy',
  "'; DROP TABLE marks; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00%ff',
  '${process.exit(1)}',
  '__proto__',
  'NaN',
  '-Infinity',
  '1e309',
  'null',
  '\r\n\r\nHTTP/1.1 200 OK',
];

const HUGE = 'x'.repeat(100_001);
const HUGE_UNICODE = '💃\u202E\u0000'.repeat(34_000);

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, HUGE_UNICODE) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0.5, -1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: -1 }),
);

type Kind = 'string' | 'integer' | 'fraction' | 'boolean' | 'null' | 'array' | 'object';

/** The kinds of JSON value a schema accepts; null when it accepts anything (no type given). */
function accepted(s: JsonSchema): Set<Kind> | null {
  if (s.anyOf) {
    const out = new Set<Kind>();
    for (const b of s.anyOf) {
      const k = accepted(b);
      if (!k) return null;
      for (const x of k) out.add(x);
    }
    if (s.nullable) out.add('null');
    return out;
  }
  if (!s.type) return null;
  const out = new Set<Kind>();
  for (const t of Array.isArray(s.type) ? s.type : [s.type]) {
    if (t === 'integer') out.add('integer');
    else if (t === 'number') {
      out.add('integer');
      out.add('fraction');
    } else out.add(t as Kind);
  }
  if (s.nullable) out.add('null');
  return out;
}

const ofKind: Record<Kind, fc.Arbitrary<unknown>> = {
  string: nastyString,
  integer: fc.oneof(fc.integer(), fc.constantFrom(2 ** 53 + 2, -(2 ** 31))),
  fraction: fc.constantFrom(0.5, -1.5, 1e-300, Math.PI),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.oneof(
    fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 5 }),
    fc.constant(deep(1000, 'array')),
  ),
  object: fc.oneof(
    fc.dictionary(nastyString, fc.oneof(nastyString, nastyNumber), { maxKeys: 4 }),
    fc.constant(deep(1000, 'object')),
  ),
};

/** Values the schema must refuse, or null when it accepts anything. */
export function wrongFor(s: JsonSchema): fc.Arbitrary<unknown> | null {
  const ok = accepted(s);
  if (!ok) return null;
  const out: fc.Arbitrary<unknown>[] = (Object.keys(ofKind) as Kind[])
    .filter((k) => !ok.has(k))
    .map((k) => ofKind[k]);
  const branches = s.anyOf ?? [s];
  const single = branches.length === 1 ? branches[0]! : null;
  // Too long: only when every branch that takes a string caps its length.
  const caps = branches.filter((b) => accepted(b)?.has('string')).map((b) => b.maxLength);
  if (caps.length && caps.every((c) => c !== undefined)) {
    const cap = Math.max(...(caps as number[]));
    out.push(fc.constant(cap >= HUGE.length ? 'y'.repeat(cap + 1) : HUGE));
    if (cap < HUGE_UNICODE.length) out.push(fc.constant(HUGE_UNICODE));
  }
  if (single?.enum && single.enum.every((e) => typeof e === 'string'))
    out.push(nastyString.filter((x) => !single.enum!.includes(x)));
  if (single && (single.type === 'integer' || single.type === 'number')) {
    if (single.minimum !== undefined) out.push(fc.constant(single.minimum - 1));
    if (single.maximum !== undefined) out.push(fc.constant(single.maximum + 1), fc.constant(1e300));
  }
  if (single?.type === 'array' && single.items) {
    const bad = wrongFor(single.items);
    if (bad) out.push(fc.array(bad, { minLength: 1, maxLength: 3 }));
  }
  if (single?.type === 'object' && single.properties) {
    const bad = wrongObject(single);
    if (bad) out.push(bad);
  }
  return out.length ? fc.oneof(...out) : null;
}

/** Objects an object schema must refuse: one field wrong, an unknown field, or a required field missing. */
export function wrongObject(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> | null {
  const props = s.properties ?? {};
  const known = new Set(Object.keys(props));
  const extras = fc.dictionary(
    nastyString.filter((k) => !known.has(k) && k !== '__proto__'),
    fc.oneof(nastyString, nastyNumber, fc.boolean()),
    { maxKeys: 2 },
  );
  const out: fc.Arbitrary<Record<string, unknown>>[] = [];
  for (const [name, p] of Object.entries(props)) {
    const bad = wrongFor(p);
    // Unknown fields ride along only where they are ignored; the wrong field alone is refused.
    if (bad)
      out.push(
        fc
          .tuple(s.additionalProperties === false ? fc.constant({}) : extras, bad)
          .map(([x, v]) => ({ ...x, [name]: v })),
      );
  }
  if (s.additionalProperties === false) out.push(extras.filter((x) => Object.keys(x).length > 0));
  if (typeof s.additionalProperties === 'object') {
    const bad = wrongFor(s.additionalProperties);
    if (bad)
      out.push(
        fc
          .tuple(
            nastyString.filter((k) => k !== '__proto__' && !known.has(k)),
            bad,
          )
          .map(([k, v]) => ({ [k]: v })),
      );
  }
  if (s.required?.length) out.push(fc.constant({}));
  return out.length ? fc.oneof(...out) : null;
}

/** Bodies a route must refuse: anything but an object, or a wrong object. */
export function wrongBody(s: JsonSchema): fc.Arbitrary<unknown> {
  const notObject = fc.oneof(
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
    fc.constant(deep(1000, 'array')),
  );
  const obj = s.type === 'object' ? wrongObject(s) : null;
  // A schema with no type (the import document) is checked by its handler: random objects must fail too.
  const anyObject = s.type ? null : fc.object({ maxDepth: 3 });
  return fc.oneof(notObject, ...(obj ? [obj] : []), ...(anyObject ? [anyObject] : []));
}

/** Path or query values a parameter must refuse, already URL-encoded. */
export function wrongParam(s: JsonSchema): fc.Arbitrary<string> {
  // A lone surrogate cannot be URL-encoded as UTF-8: send the bytes of one (invalid UTF-8) instead.
  const enc = (x: string) => {
    try {
      return encodeURIComponent(x);
    } catch {
      return '%ED%A0%80';
    }
  };
  if (s.type === 'integer' || s.type === 'number') {
    // What the route's coercing schema would take (`z.coerce.number()`): those are not junk here.
    const takes = (v: string) => {
      const n = Number(decodeURIComponent(v));
      if (!Number.isFinite(n) || (s.type === 'integer' && !Number.isSafeInteger(n))) return false;
      const exclusive = (s as { exclusiveMinimum?: boolean }).exclusiveMinimum === true;
      if (s.minimum !== undefined && (exclusive ? n <= s.minimum : n < s.minimum)) return false;
      return s.maximum === undefined || n <= s.maximum;
    };
    return fc.oneof(
      fc
        .constantFrom(
          'abc',
          '-1',
          '0',
          '1.5',
          'NaN',
          'Infinity',
          '-Infinity',
          '1e400',
          '9'.repeat(30),
          '1%00',
          '%D9%A3',
          '1;DROP',
          '%F0%9F%92%83',
          'x'.repeat(5000),
          '%ED%A0%80',
        )
        .filter((v) => {
          try {
            return !takes(v);
          } catch {
            return true;
          }
        }),
      nastyString.filter((x) => x !== '' && Number.isNaN(Number(x))).map(enc),
    );
  }
  const notMatching = nastyString.filter(
    (x) => x !== '' && !/^[a-z0-9-]+$/.test(x) && !(s.enum ?? []).includes(x),
  );
  return fc.oneof(
    fc.constantFrom('x'.repeat(5000), '%ED%A0%80', '%00', '%F0%9F%92%83%E2%80%AE', 'UPPER-Case'),
    notMatching.map(enc),
  );
}
