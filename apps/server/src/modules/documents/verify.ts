import { type DocumentVerification, type DocumentVerifyQuery, issuedDocumentNames, message } from '@sikkha/contract';
import { toSatang } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { issuedDocument } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Seller } from './receipt.js';

/**
 * The public verification of an issued document: the register's row of this number, when its total is the amount
 * asked, to the satang. Whoever asks holds the document, so knows both; a wrong number and a wrong amount get one
 * answer, so the page never says which numbers exist. The answer names the shop as issuer and never the buyer.
 */
export function documentVerifier({ db, seller }: { db: Db; seller: Pick<Seller, 'name' | 'taxId' | 'branch'> }) {
  return async function verify(query: DocumentVerifyQuery): Promise<DocumentVerification> {
    const [found] = await db
      .select({
        doc_no: issuedDocument.doc_no,
        doc_type: issuedDocument.doc_type,
        type_code: issuedDocument.type_code,
        issued_at: issuedDocument.issued_at,
        total: issuedDocument.total,
        signed: issuedDocument.signed,
        voided_by: issuedDocument.voided_by,
        refers_to: issuedDocument.refers_to,
      })
      .from(issuedDocument)
      .where(eq(issuedDocument.doc_no, query.doc_no));
    if (!found || toSatang(found.total) !== query.amount) {
      throw new AppError('NOT_FOUND', message('documentNotVerified'));
    }
    return {
      ...found,
      type_name: issuedDocumentNames[found.doc_type].th,
      issuer: { name: seller.name, tax_id: seller.taxId, branch: seller.branch },
    };
  };
}

export type DocumentVerifier = ReturnType<typeof documentVerifier>;
