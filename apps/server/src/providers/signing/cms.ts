import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certificateDer, type ShopSigner } from '../../lib/shop-signer.js';

type EngineCrypto = ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'];
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as EngineCrypto }));

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  /** ESS signing-certificate-v2 (RFC 5035): binds the signature to the signer's certificate, as CAdES wants. */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * A detached CMS signature (CAdES-BES: content type, message digest and ESS signing-certificate-v2 signed; RSA with
 * SHA-256) over `content`, carrying the signer's certificate and its CA certificates: what a PDF's
 * /ETSI.CAdES.detached signature holds.
 */
export async function detachedCms(content: Uint8Array, signer: ShopSigner): Promise<Buffer> {
  const ders = [signer.certificate, ...signer.chain].map(certificateDer);
  const [leaf, ...rest] = ders.map((der) => pkijs.Certificate.fromBER(toArrayBuffer(der)));
  const leafDer = ders[0];
  if (!leaf || !leafDer) throw new Error('detachedCms: no certificate');
  const essCertIdV2 = new asn1js.Sequence({
    // hashAlgorithm is left out: SHA-256 is its default.
    value: [
      new asn1js.OctetString({
        valueHex: toArrayBuffer(createHash('sha256').update(leafDer).digest()),
      }),
    ],
  });
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
      new pkijs.Attribute({
        type: OID.messageDigest,
        values: [new asn1js.OctetString({ valueHex: toArrayBuffer(createHash('sha256').update(content).digest()) })],
      }),
      new pkijs.Attribute({
        type: OID.signingCertificateV2,
        values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
      }),
    ],
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
        signedAttrs,
      }),
    ],
    certificates: [leaf, ...rest],
  });
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    signer.privateKeyPkcs8,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  await signedData.sign(key as Parameters<typeof signedData.sign>[0], 0, 'SHA-256');
  const cms = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(cms.toSchema().toBER(false));
}
