import { type Bilingual, defineTexts } from '../../i18n/texts';

interface DocumentTexts {
  paidOrders: string;
  receipt: string;
  taxInvoice: string;
  downloading: string;
  downloadFailed: string;
  number: (orderNo: string) => string;
}

const texts: Bilingual<DocumentTexts> = {
  th: {
    paidOrders: 'ใบเสร็จรับเงิน',
    receipt: 'ใบเสร็จรับเงิน',
    taxInvoice: 'ใบกำกับภาษี',
    downloading: 'กำลังดาวน์โหลด…',
    downloadFailed: 'ดาวน์โหลดไม่สำเร็จ',
    number: (orderNo) => `เลขที่ ${orderNo}`,
  },
  en: {
    paidOrders: 'Receipts',
    receipt: 'Receipt',
    taxInvoice: 'Tax invoice',
    downloading: 'Downloading…',
    downloadFailed: 'The download failed',
    number: (orderNo) => `No. ${orderNo}`,
  },
};

/** The words of the receipts list and its download button. */
export const useDocumentTexts = defineTexts('checkoutDocuments', texts);
