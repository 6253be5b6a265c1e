import { readFileSync } from 'node:fs';
import type { SigningStatus } from '@sikkha/contract';
import forge from 'node-forge';

/**
 * The shop's signing certificate, from its PKCS#12 file: the private key, the certificate and the CA certificates
 * the file carries (put beside the signature, so a verifier can build the chain to the root it trusts).
 */
export interface ShopSigner {
  readonly privateKey: forge.pki.rsa.PrivateKey;
  readonly certificate: forge.pki.Certificate;
  readonly chain: readonly forge.pki.Certificate[];
  /** The private key as PKCS#8 DER, for Web Crypto (XAdES). */
  readonly privateKeyPkcs8: Uint8Array;
  /** Who signs (the certificate's subject CN or O), who vouches for it, and until when. */
  readonly subject: string;
  readonly issuer: string;
  readonly notAfter: Date;
}

/** What the start log and the back office (GET /api/signingStatus) say about signing. */
export function signingStatus(signer: ShopSigner | undefined): SigningStatus {
  return signer
    ? { signed: true, subject: signer.subject, issuer: signer.issuer, notAfter: signer.notAfter.toISOString() }
    : { signed: false, note: 'documents are issued unsigned' };
}

/** One line for the start log. */
export function describeSigning(status: SigningStatus): string {
  return status.signed
    ? `e-Tax: documents are signed by "${status.subject}" (issued by "${status.issuer}", valid until ${status.notAfter})`
    : 'e-Tax: no certificate (ETAX_CERT_P12_PATH): documents are issued unsigned';
}

const nameOf = (name: forge.pki.Certificate['subject']) =>
  String(name.getField('CN')?.value ?? name.getField('O')?.value ?? '');

/**
 * Reads and checks the certificate once, at start: a file that is not PKCS#12, a wrong password, a key that is not the
 * certificate's, or a certificate outside its validity stops the start with a message saying which.
 */
export function loadShopSigner(path: string, password: string, now: Date = new Date()): ShopSigner {
  const fail = (why: string): never => {
    throw new Error(`ETAX_CERT_P12_PATH (${path}): ${why}`);
  };
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return fail(`cannot be read (${(error as Error).message})`);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = (error as Error).message;
    return fail(
      /MAC could not be verified|Invalid password/i.test(message)
        ? 'wrong password (ETAX_CERT_PASSWORD)'
        : `not a PKCS#12 file this server can read (${message})`,
    );
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag as string), ...bags(forge.pki.oids.keyBag as string)];
  const certificates = bags(forge.pki.oids.certBag as string).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const privateKey = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  // forge reads RSA keys only; an EC key comes back without one.
  if (!privateKey?.n) return fail('holds no RSA private key');
  const certificate = certificates.find((c: forge.pki.Certificate) => {
    const key = c.publicKey as forge.pki.rsa.PublicKey;
    return key.n?.equals(privateKey.n) && key.e.equals(privateKey.e);
  });
  if (!certificate) return fail("holds no certificate of its private key: the key and the certificate don't match");
  const subject = nameOf(certificate.subject);
  if (now < certificate.validity.notBefore) {
    fail(`the certificate of "${subject}" is valid only from ${certificate.validity.notBefore.toISOString()}`);
  }
  if (now > certificate.validity.notAfter) {
    fail(`the certificate of "${subject}" expired on ${certificate.validity.notAfter.toISOString()}`);
  }
  const pkcs8 = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(privateKey));
  return {
    privateKey,
    certificate,
    chain: certificates.filter((c) => c !== certificate),
    privateKeyPkcs8: Buffer.from(forge.asn1.toDer(pkcs8).getBytes(), 'binary'),
    subject,
    issuer: nameOf(certificate.issuer),
    notAfter: certificate.validity.notAfter,
  };
}

/** A certificate as DER bytes. */
export const certificateDer = (certificate: forge.pki.Certificate): Buffer =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
