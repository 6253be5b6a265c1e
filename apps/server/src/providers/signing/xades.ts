import { webcrypto } from 'node:crypto';
import { createRequire } from 'node:module';
import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as xades from 'xadesjs';
import { certificateDer, type ShopSigner } from '../../lib/shop-signer.js';

// xadesjs wants the xpath package at run time only. Its types declare the browser's DOM library for the whole
// program, which would let server code use DOM globals (and changes Blob's types): it is loaded untyped.
const xpath: unknown = createRequire(import.meta.url)('xpath');

xades.setNodeDependencies({ DOMParser, XMLSerializer, DOMImplementation, xpath });
xades.Application.setEngine('NodeJS', webcrypto as unknown as Parameters<typeof xades.Application.setEngine>[1]);

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/**
 * Signs an XML document XAdES-BES, enveloped: one ds:Signature appended as the root's last child (where ETDA's
 * schemas allow it, `<xsd:element minOccurs="0" ref="ds:Signature"/>` closing the root's sequence), over the whole
 * document (URI "", enveloped-signature then C14N), with the shop's certificate and its CA certificates in KeyInfo
 * and in SigningCertificate the signer's digest. Checked with xmlsec1 in the tests.
 *
 * A processing instruction before the root (ETDA's examples carry `<?xml-model?>`) is refused: verifiers disagree on
 * whether the enveloped reference covers it.
 */
export async function signXml(xml: string, signer: ShopSigner): Promise<string> {
  const document = xades.Parse(xml);
  for (let node = document.firstChild; node && node !== document.documentElement; node = node.nextSibling) {
    // The XML declaration is a processing instruction to xmldom: it stays.
    const target =
      node.nodeType === node.PROCESSING_INSTRUCTION_NODE ? (node as unknown as { target: string }).target : 'xml';
    if (target !== 'xml') {
      throw new Error(`signXml: remove <?${target}?> before the root element`);
    }
  }
  const key = await webcrypto.subtle.importKey('pkcs8', signer.privateKeyPkcs8, ALGORITHM, false, ['sign']);
  const certificates = [signer.certificate, ...signer.chain].map((c) => certificateDer(c).toString('base64'));
  const signed = new xades.SignedXml();
  const signature = await signed.Sign(ALGORITHM, key as Parameters<typeof signed.Sign>[1], document, {
    references: [{ uri: '', hash: 'SHA-256', transforms: ['enveloped', 'c14n'] }],
    x509: certificates,
    signingCertificateV2: certificates[0],
    signingTime: {},
  });
  document.documentElement.appendChild(
    signature.GetXml() as Parameters<typeof document.documentElement.appendChild>[0],
  );
  return new XMLSerializer().serializeToString(
    document as unknown as Parameters<XMLSerializer['serializeToString']>[0],
  );
}
