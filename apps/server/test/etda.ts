import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EtaxKind } from '../src/modules/documents/etax/index.js';
import { etdaReferenceDir } from './etda-reference.js';

/**
 * The judges of the e-Tax XML: ETDA's own XSD (through libxml2's xmllint, every import resolved beside it) and
 * Schematron rules (through node-schematron), read from the reference package outside the repository, never copied
 * into it (`etdaReferenceDir` says where it is, and fails clearly when it is nowhere).
 */

const standard = (file: string) => join(etdaReferenceDir(), 'ETDA', 'data', 'standard', file);

/** xmllint's complaints about the document against its kind's XSD; none when it validates. */
export async function schemaErrors(xml: string, kind: EtaxKind): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'etda-'));
  const file = join(dir, `${kind}.xml`);
  try {
    await writeFile(file, xml);
    const result = await promisify(execFile)('xmllint', [
      '--noout',
      '--nonet',
      '--schema',
      standard(`${kind}_CrossIndustryInvoice_2p1.xsd`),
      file,
    ]).then(
      ({ stderr }) => ({ ok: true, stderr }),
      (error: { code?: number | string; stderr?: string }) => {
        if (error.code === 'ENOENT') throw new Error('xmllint is not installed (Debian: libxml2-utils)');
        return { ok: false, stderr: error.stderr ?? String(error) };
      },
    );
    const lines = result.stderr
      .split('\n')
      .map((line) => line.replace(file, kind).trim())
      .filter((line) => line && !line.endsWith(' validates'));
    return result.ok ? lines : lines.length ? lines : ['xmllint failed without a message'];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the tests use of node-schematron's schema: its findings for a document. */
interface Schema {
  validateString(xml: string): { message?: string | null; assertId?: string | null }[];
}
// Loaded untyped: its types pull in fontoxpath's, which declare the browser's DOM library for the whole server
// program (and change Blob's types there).
const { Schema: Schematron } = createRequire(import.meta.url)('node-schematron') as {
  Schema: { fromString(text: string): Schema };
};

const schematrons = new Map<EtaxKind, Schema>();

async function schematronOf(kind: EtaxKind): Promise<Schema> {
  const cached = schematrons.get(kind);
  if (cached) return cached;
  const schema = Schematron.fromString(await readFile(standard(`${kind}_Schematron_2p1.sch`), 'utf8'));
  schematrons.set(kind, schema);
  return schema;
}

/**
 * The root element's namespace and name, read from the text. node-schematron does not fire rules whose context is
 * the document node ("/"), and ETDA's first rule is one: the root must be the kind's own element.
 */
function rootOf(xml: string): { namespace: string | null; name: string } | null {
  const body = xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const start = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(body);
  if (!start) return null;
  const prefix = start[1]?.slice(0, -1);
  const declared = new RegExp(`xmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']([^"']*)["']`).exec(start[3] ?? '');
  return { namespace: declared?.[1] ?? null, name: start[2]! };
}

/** The Schematron rules the document breaks (each rule's message, trimmed); none when it passes. */
export async function ruleFailures(xml: string, kind: EtaxKind): Promise<string[]> {
  const failures: string[] = [];
  const root = rootOf(xml);
  const expected = `${kind}_CrossIndustryInvoice`;
  if (root?.name !== expected || root.namespace !== `urn:etda:uncefact:data:standard:${expected}:2`) {
    failures.push(
      `root: expected ${expected} in its ETDA namespace, found ${root ? `${root.namespace} ${root.name}` : 'none'}`,
    );
  }
  const results = (await schematronOf(kind)).validateString(xml);
  for (const result of results)
    failures.push((result.message ?? result.assertId ?? 'rule').replace(/\s+/g, ' ').trim());
  return failures;
}

/** Both judges at once: `{ schema: [], rules: [] }` is a valid document. */
export async function etdaVerdict(xml: string, kind: EtaxKind): Promise<{ schema: string[]; rules: string[] }> {
  const [schema, rules] = await Promise.all([schemaErrors(xml, kind), ruleFailures(xml, kind)]);
  return { schema, rules };
}

/** One of ETDA's example documents. */
export const etdaExample = (file: string) => readFile(join(etdaReferenceDir(), 'ETDA', 'ExampleFile', file), 'utf8');
