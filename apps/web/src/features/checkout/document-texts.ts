import { type Bilingual, defineTexts } from '../../i18n/texts';

interface DocumentTexts {
  paidOrders: string;
  receipt: string;
  taxInvoice: string;
  downloading: string;
  downloadFailed: string;
  number: (orderNo: string) => string;
  refundedOrders: string;
  refundedAmount: (amount: string) => string;
  creditNote: string;
  refundNote: string;
  refundPending: string;
  refundsLoadFailed: string;
}

const texts: Bilingual<DocumentTexts> = {
  th: {
    paidOrders: 'ใบเสร็จรับเงิน',
    receipt: 'ใบเสร็จรับเงิน',
    taxInvoice: 'ใบกำกับภาษี',
    downloading: 'กำลังดาวน์โหลด…',
    downloadFailed: 'ดาวน์โหลดไม่สำเร็จ',
    number: (orderNo) => `เลขที่ ${orderNo}`,
    refundedOrders: 'คำสั่งซื้อที่คืนเงินแล้ว',
    refundedAmount: (amount) => `คืนเงินแล้ว ${amount}`,
    creditNote: 'ใบลดหนี้',
    refundNote: 'ใบแจ้งการคืนเงิน',
    refundPending: 'รอผู้ให้บริการชำระเงินคืนเงิน',
    refundsLoadFailed: 'โหลดเอกสารการคืนเงินไม่สำเร็จ',
  },
  en: {
    paidOrders: 'Receipts',
    receipt: 'Receipt',
    taxInvoice: 'Tax invoice',
    downloading: 'Downloading…',
    downloadFailed: 'The download failed',
    number: (orderNo) => `No. ${orderNo}`,
    refundedOrders: 'Refunded orders',
    refundedAmount: (amount) => `Refunded ${amount}`,
    creditNote: 'Credit note',
    refundNote: 'Refund note',
    refundPending: 'Waiting for the payment gateway',
    refundsLoadFailed: 'The refund documents could not be loaded',
  },
};

/** The words of the receipts list, the refund documents and their download buttons. */
export const useDocumentTexts = defineTexts('checkoutDocuments', texts);
