import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER = 'etda-e-tax-invoice-2.1';

/**
 * ETDA's e-Tax Invoice package (schemas, rules, examples), never copied into the repository: ETDA_REFERENCE_DIR, or
 * the shared reference folder beside the repository, or the one on the build machine.
 */
export function etdaReferenceDir(): string {
  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
  const candidates = [
    process.env.ETDA_REFERENCE_DIR,
    join(repoRoot, '..', 'shared', 'reference', FOLDER),
    join('/work/shared/reference', FOLDER),
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(join(dir, 'ETDA')));
  if (!found) throw new Error(`ETDA's reference package is not in ${candidates.join(', ')} (set ETDA_REFERENCE_DIR)`);
  return found;
}

/** ETDA's example tax invoice without its own signature and its `<?xml-model?>` line, ready to be signed. */
export function etdaExampleTaxInvoice(): string {
  const xml = readFileSync(join(etdaReferenceDir(), 'ETDA/ExampleFile/Example_TaxInvoice_2p1_v1.xml'), 'utf8');
  return xml.replace(/<\?xml-model[^>]*\?>\s*/, '').replace(/\s*<ds:Signature[\s\S]*<\/ds:Signature>/, '');
}

/** xmllint's verdict against ETDA's tax-invoice XSD: '' when valid, its complaints otherwise. */
export function taxInvoiceSchemaErrors(file: string): string {
  const xsd = join(etdaReferenceDir(), 'ETDA/data/standard/TaxInvoice_CrossIndustryInvoice_2p1.xsd');
  try {
    execFileSync('xmllint', ['--noout', '--schema', xsd, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}
