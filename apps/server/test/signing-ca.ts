import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A local CA and the shop's certificate from it, made by openssl at test time (no key is ever committed). */
export interface TestCa {
  dir: string;
  /** The CA's certificate, what verifiers are told to trust. */
  caPem: string;
  /** The shop's PKCS#12 file (its key, certificate and the CA certificate) and its password. */
  p12: string;
  password: string;
  /** The shop's certificate alone, PEM. */
  leafPem: string;
  /** The shop's private key, PEM (for PKCS#12 files the tests put together wrongly). */
  leafKey: string;
}

export const SHOP_SIGNER_NAME = 'Sikkha Test Shop';

const openssl = (cwd: string, ...args: string[]) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

export function makeTestCa(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'sikkha-ca-'));
  const password = 'test-pass-1234';
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Sikkha Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    dir,
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'leaf.key',
    '-out',
    'leaf.csr',
    '-subj',
    `/C=TH/O=Sikkha/CN=${SHOP_SIGNER_NAME}`,
  );
  writeFileSync(
    join(dir, 'leaf.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n',
  );
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'leaf.pem',
    '-days',
    '2',
    '-extfile',
    'leaf.ext',
  );
  openssl(
    dir,
    'pkcs12',
    '-export',
    '-inkey',
    'leaf.key',
    '-in',
    'leaf.pem',
    '-certfile',
    'ca.pem',
    '-name',
    SHOP_SIGNER_NAME,
    '-out',
    'shop.p12',
    '-passout',
    `pass:${password}`,
  );
  return {
    dir,
    caPem: join(dir, 'ca.pem'),
    p12: join(dir, 'shop.p12'),
    password,
    leafPem: readFileSync(join(dir, 'leaf.pem'), 'utf8'),
    leafKey: readFileSync(join(dir, 'leaf.key'), 'utf8'),
  };
}

/** xmlsec1's verdict on a signed XML file, trusting only the given CA. */
export function xmlsecVerify(file: string, caPem: string) {
  const run = spawnSync('xmlsec1', ['--verify', '--trusted-pem', caPem, file], { encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}
