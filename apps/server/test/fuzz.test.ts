import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { personnel, user } from '../src/db/schema/index.js';
import { testApp } from './app.js';
import { catalogueFixture } from './fixtures.js';

/**
 * Every operation of /api/openapi.json, as visitor, member and staff, with inputs made from its own schema and
 * then spoiled: wrong types, NUL and control characters, huge and odd strings, numbers out of range, unknown
 * fields, malformed bodies and content types. Whatever comes in, the answer is never a 5xx, is always the
 * envelope, and takes less than a second.
 *
 * FUZZ_RUNS sets the inputs per operation and role (default 5: about three thousand requests); FUZZ_SEED another
 * seed than the fixed one, e.g. `FUZZ_RUNS=200 FUZZ_SEED=$RANDOM` for a long run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** A ceiling per request, far above what any answer takes: a hang or a runaway query, not a benchmark. */
const CEILING_MS = 1000;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: boolean;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
};
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  schema?: JsonSchema;
  required?: boolean;
}
interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** The types its 200 answers in besides JSON: a document the route makes (a PDF, an archive). */
  produces: string[];
}

const roles = ['visitor', 'member', 'staff'] as const;
type Role = (typeof roles)[number];
const accounts: Record<Exclude<Role, 'visitor'>, number> = { member: 0, staff: 0 };
let made = 0;

// The operations come from the running app's own document, so the tests are named after them.
const t = await testApp();
const doc = (await t.visitor.get('/api/openapi.json')).json() as {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: object }; responses?: { 200?: { content?: object } } }
    >
  >;
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const content = op.requestBody?.content as Record<string, { schema?: JsonSchema }> | undefined;
    return {
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: op.parameters ?? [],
      body: content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema,
      produces: Object.keys(op.responses?.[200]?.content ?? {}).filter((type) => type !== 'application/json'),
    };
  }),
);

beforeAll(async () => {
  const member = await t.member('fuzz-member@example.com');
  accounts.member = member.id!;
  await catalogueFixture(t.db, member.id!);
});
afterAll(() => t.close());

/**
 * A fresh token for the role before each operation: the fuzzing itself may log out, refresh, change a password,
 * or (as staff, by a lucky id) delete the very account it signs in with. Then a new account takes its place.
 */
async function tokenFor(role: Role): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  const table = role === 'member' ? user : personnel;
  const [alive] = await t.db.select({ id: table.id }).from(table).where(eq(table.id, accounts[role]));
  if (!alive) {
    made += 1;
    const caller = role === 'member' ? await t.member(`fuzz-${made}@example.com`) : await t.staff(`fuzz-staff-${made}`);
    accounts[role] = caller.id!;
  }
  return (await t.app.ctx.sessions.start(role, accounts[role])).token;
}

// ---- values -------------------------------------------------------------------------------------------------

const controls = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\u007f', '\r\n\r\n', '\u0008\u000b\u000c'];
const oddStrings = [
  '',
  ' ',
  '%',
  '%00',
  '%E0%B8',
  '_',
  '\\',
  "' OR 1=1 --",
  '"; DROP TABLE "user"; --',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  `\${7*7}`,
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x1f',
  ' 12 ',
  '2147483648',
  '9223372036854775808',
  '-9007199254740993',
  '2026-02-30',
  '2026-13-45T25:61:00Z',
  '0000-00-00',
  'true',
  '[]',
  '{}',
  'ก่',
  '\u0e01\u0e48\u0e48\u0e48\u0e48',
  '\u200b\u200e\u202e',
  '\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  'Ａ',
];
const hugeStrings = ['x'.repeat(5_000), 'ก'.repeat(20_000), '%'.repeat(3_000), '9'.repeat(400)];
const oddNumbers = [
  0,
  -1,
  0.5,
  -0.000001,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...controls),
  fc.constantFrom(...oddStrings),
  fc.constantFrom(...hugeStrings),
  fc.constantFrom(...oddNumbers),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 3 }) },
);

/** A value the schema would accept, roughly: it takes the fuzzing past validation into the services. */
function fitting(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return nastyScalar;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => fitting(c, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer': {
      const min = schema.minimum === undefined ? -5 : schema.minimum + (schema.exclusiveMinimum ? 1 : 0);
      const max = schema.maximum ?? 2 ** 31 - 1;
      // Small ids find the fixture's rows; the edges of the range find what sits there.
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 50) }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
      );
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fitting(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return record(schema, depth + 1);
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
      if (schema.format === 'date-time' || schema.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 20, 60)),
      });
    default:
      return nastyScalar;
  }
}

/** Some of the schema's fields, all fitting: nested objects and lists, and the base a request spoils. */
function record(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, s]) => [name, fitting(s, depth)]),
  );
  return fc.record(known, { requiredKeys: [] });
}

const strangers = ['unknown', 'password', 'point', 'role', 'user_id', 'create_by', '__proto__', 'x[y]', ''];

/**
 * Fields that fit, then (most of the time) one thing wrong: a known field spoiled, or a field nobody asked for.
 * One fault at a time gets past the others, so each fault meets the code that should refuse it.
 */
function spoiled(
  fields: Record<string, fc.Arbitrary<unknown>>,
  required: readonly string[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: required.filter((n) => n in fields) }),
      fc.constantFrom('none', 'none', 'none', 'replace', 'replace', 'add', 'drop'),
      fc.nat(),
      fc.constantFrom(...strangers),
      nasty,
    )
    .map(([base, how, i, stranger, value]) => {
      if (how === 'replace' && names.length > 0) return { ...base, [names[i % names.length]!]: value };
      if (how === 'add') return { ...base, [stranger]: value };
      if (how === 'drop' && required.length > 0) {
        const { [required[i % required.length]!]: _, ...rest } = base;
        return rest;
      }
      return base;
    });
}

// ---- requests -----------------------------------------------------------------------------------------------

interface Body {
  payload?: string;
  contentType?: string;
}
const malformed = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{"id": 1e999}',
  '{"id": -0}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '\u0000',
  '\ufeff{}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2001)}`,
  JSON.stringify({ x: 'y'.repeat(2_000_000) }),
];
const contentTypes = [
  'application/json',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'multipart/form-data',
  'application/xml',
  '',
];

function bodyFor(op: Operation): fc.Arbitrary<Body> {
  const fields = Object.fromEntries(
    Object.entries(op.body?.properties ?? {}).map(([name, schema]) => [name, fitting(schema)]),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: spoiled(fields, op.body?.required).map((b) => ({
        payload: JSON.stringify(b),
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: nasty.map((b) => ({ payload: JSON.stringify(b) ?? 'null', contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc.record({ payload: fc.constantFrom(...malformed), contentType: fc.constantFrom(...contentTypes) }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A query or path value as text (a list or an object as its JSON). */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return escape(value);
  }
};
const rawSegments = ['%', '%E0%B8', '%00', '..', '%2e%2e', '.', 'a'.repeat(400), '%F0%9F', 'x%2Fy'];

function requestFor(op: Operation): fc.Arbitrary<{ url: string; body: Body }> {
  const query = op.parameters.filter((p) => p.in === 'query');
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryArb = fc
    .tuple(
      spoiled(
        Object.fromEntries(query.map((p) => [p.name, fitting(p.schema)])),
        query.filter((p) => p.required).map((p) => p.name),
      ),
      fc.nat(5).map((n) => n === 0),
    )
    .map(([values, twice]) =>
      Object.entries(values)
        .map(([k, v]) => `${encode(k)}=${encode(asText(v))}`)
        // A parameter given twice arrives as a list.
        .flatMap((pair) => (twice ? [pair, pair] : [pair]))
        .join('&'),
    );
  const segmentArb = fc.oneof(
    { weight: 3, arbitrary: nasty.map((v) => encode(asText(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments) },
    { weight: 1, arbitrary: fc.constantFrom('a.png', 'x.jpg', 'course-outline.pdf') },
  );
  const pathArb = fc
    .tuple(...pathParams.map(() => segmentArb))
    .map((segments) => pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, segments[i]!), op.path));
  const bodyArb = op.method === 'POST' ? bodyFor(op) : fc.constant<Body>({});
  return fc.record({ path: pathArb, query: queryArb, body: bodyArb }).map(({ path, query, body }) => ({
    url: query ? `${path}?${query}` : path,
    body,
  }));
}

// ---- the property -------------------------------------------------------------------------------------------

const isEnvelope = (body: unknown): body is { result: boolean; data: unknown; message: string } =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { result?: unknown }).result === 'boolean' &&
  'data' in body &&
  typeof (body as { message?: unknown }).message === 'string';

describe('every operation of the API, whatever it is sent', () => {
  test('the document lists the operations', () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  test.each(
    operations.map((op, index) => [`${op.method} ${op.path}`, op, index] as const),
  )('%s', async (_, op, index) => {
    for (const [r, role] of roles.entries()) {
      const token = await tokenFor(role);
      await fc.assert(
        fc.asyncProperty(requestFor(op), async ({ url, body }) => {
          const headers: Record<string, string> = {};
          if (token) headers.authorization = `Bearer ${token}`;
          if (body.contentType) headers['content-type'] = body.contentType;
          const started = performance.now();
          const res = await t.app.inject({ method: op.method, url, headers, payload: body.payload });
          const took = performance.now() - started;
          const where = `${op.method} ${url.slice(0, 300)} as ${role}: ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(took, where).toBeLessThan(CEILING_MS);
          const type = (res.headers['content-type'] ?? '').toString();
          if (!type.startsWith('application/json')) {
            // Only a stored file, or a document the route says it makes, is answered in its own type, and only whole.
            const document = op.produces.some((produced) => type.startsWith(produced));
            expect((op.path.includes('{file}') || document) && res.statusCode === 200, where).toBe(true);
            return;
          }
          const answer = res.json();
          expect(isEnvelope(answer), where).toBe(true);
          if (res.statusCode >= 400) {
            expect(answer.result, where).toBe(false);
            expect(answer.data, where).toBeNull();
            expect(answer.message.length, where).toBeGreaterThan(0);
          }
        }),
        { seed: SEED + index * roles.length + r, numRuns: RUNS, endOnFailure: true },
      );
    }
  });
});

/**
 * Text search alone, as people type it: in the requests above `q` comes among the other filters, and one of them
 * refused stops the request before the search runs, so a search that breaks on some column would go unseen.
 */
const searches = ['ก', 'คอร์ส ทดสอบ', '2026', '2026-11-22', '12:00', 'Y', '100%', '_', 'ก'.repeat(200)];
const searchable = operations.filter(
  (op) => op.method === 'GET' && op.parameters.some((p) => p.in === 'query' && p.name === 'q'),
);

describe('every list, searched with q', () => {
  test('lists take q', () => {
    expect(searchable.length).toBeGreaterThan(30);
  });

  test.each(searchable.map((op) => [op.path] as const))('%s', async (path) => {
    for (const role of roles) {
      const token = await tokenFor(role);
      for (const q of searches) {
        const url = `${path}?q=${encodeURIComponent(q)}`;
        const res = await t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
        expect(res.statusCode, `${url} as ${role}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }
    }
  });
});
