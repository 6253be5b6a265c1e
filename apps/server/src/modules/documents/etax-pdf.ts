import type { ShopSigner } from '../../lib/shop-signer.js';
import type { PdfRenderer, PdfTemplate } from '../../providers/pdf/pdf.js';
import { signPdf } from '../../providers/signing/pdf-signature.js';
import { signXml } from '../../providers/signing/xades.js';
import type { EtaxDocument } from './etax/index.js';

/** A document as issued: its PDF, and the e-Tax XML attached to it (as attached, signed or not). */
export interface IssuedPdf {
  pdf: Buffer;
  etax: { kind: EtaxDocument['kind']; typeCode: string; xml: string } | null;
  signed: boolean;
}

/**
 * A document's PDF as the shop issues it (docs/ETAX.md). With its ETDA XML: a PDF/A-3b carrying the XML as its
 * alternative representation, the XML XAdES-signed before it is attached and the PDF signed after, when the shop has
 * a certificate; the same PDF/A-3b unsigned when it has none. Without XML (a refund note, which ETDA has no kind
 * for): the plain PDF.
 */
export async function issuedPdf<Data>(
  pdf: PdfRenderer,
  signer: ShopSigner | undefined,
  document: { template: PdfTemplate<Data>; data: Data; number: string; etax: EtaxDocument | null; at: Date },
): Promise<IssuedPdf> {
  const { template, data, number, etax, at } = document;
  if (!etax) return { pdf: await pdf.render(template, data), etax: null, signed: false };
  const xml = signer ? await signXml(etax.xml, signer) : etax.xml;
  const bytes = await pdf.render(template, data, undefined, {
    alternative: {
      name: `${number}.xml`,
      bytes: Buffer.from(xml, 'utf8'),
      mimeType: 'application/xml',
      description: `e-Tax ${etax.kind} ${etax.typeCode} (ETDA)`,
    },
  });
  return {
    pdf: signer ? await signPdf(bytes, signer, { reason: `e-Tax ${etax.kind} ${number}`, at }) : bytes,
    etax: { ...etax, xml },
    signed: signer !== undefined,
  };
}
