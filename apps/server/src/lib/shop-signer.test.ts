import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCa, SHOP_SIGNER_NAME, type TestCa } from '../../test/signing-ca.js';
import { describeSigning, loadShopSigner, signingStatus } from './shop-signer.js';

let ca: TestCa;
beforeAll(() => {
  ca = makeTestCa();
});
afterAll(() => rmSync(ca.dir, { recursive: true, force: true }));

/** A PKCS#12 file put together by forge, for what openssl refuses to make. */
function p12Of(key: forge.pki.rsa.PrivateKey, certificate: forge.pki.Certificate, name: string): string {
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], ca.password, { algorithm: '3des' });
  const path = join(ca.dir, name);
  writeFileSync(path, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
  return path;
}

describe('the shop certificate', () => {
  it('loads the key and certificate of an openssl PKCS#12 file and names the signer', () => {
    const signer = loadShopSigner(ca.p12, ca.password);
    expect(signer.subject).toBe(SHOP_SIGNER_NAME);
    expect(signer.issuer).toBe('Sikkha Test CA');
    expect(signer.chain.map((c) => c.subject.getField('CN').value)).toEqual(['Sikkha Test CA']);
    const status = signingStatus(signer);
    expect(status).toMatchObject({ signed: true, subject: SHOP_SIGNER_NAME });
    expect(describeSigning(status)).toContain(`signed by "${SHOP_SIGNER_NAME}"`);
  });

  it('says documents are issued unsigned when there is none', () => {
    const status = signingStatus(undefined);
    expect(status).toEqual({ signed: false, note: 'documents are issued unsigned' });
    expect(describeSigning(status)).toMatch(/issued unsigned/);
  });

  it('refuses a wrong password, naming the setting', () => {
    expect(() => loadShopSigner(ca.p12, 'not-the-password')).toThrow(
      `ETAX_CERT_P12_PATH (${ca.p12}): wrong password (ETAX_CERT_PASSWORD)`,
    );
  });

  it('refuses a file that is not PKCS#12, and one that is missing', () => {
    expect(() => loadShopSigner(ca.caPem, ca.password)).toThrow(/not a PKCS#12 file/);
    expect(() => loadShopSigner(join(ca.dir, 'none.p12'), ca.password)).toThrow(/cannot be read/);
  });

  it('refuses a key that is not the certificate’s', () => {
    const otherKey = forge.pki.rsa.generateKeyPair(1024).privateKey;
    const path = p12Of(otherKey, forge.pki.certificateFromPem(ca.leafPem), 'mismatch.p12');
    expect(() => loadShopSigner(path, ca.password)).toThrow(/the key and the certificate don't match/);
  });

  it('refuses an expired certificate, and one not yet valid', () => {
    const key = forge.pki.privateKeyFromPem(ca.leafKey) as forge.pki.rsa.PrivateKey;
    const path = p12Of(key, forge.pki.certificateFromPem(ca.leafPem), 'leaf.p12');
    expect(loadShopSigner(path, ca.password).subject).toBe(SHOP_SIGNER_NAME);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    expect(() => loadShopSigner(path, ca.password, inAWeek)).toThrow(
      new RegExp(`the certificate of "${SHOP_SIGNER_NAME}" expired on \\d{4}-`),
    );
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    expect(() => loadShopSigner(path, ca.password, lastWeek)).toThrow(/is valid only from/);
  });
});
