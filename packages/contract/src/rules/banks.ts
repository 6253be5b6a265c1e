import type { Bank } from '../entities/orders.js';

/** The banks' names as the shop writes them: the checkout, the back office, refund documents. */
export const bankNames: Record<Bank, { th: string; en: string }> = {
  BBL: { th: 'ธนาคารกรุงเทพ', en: 'Bangkok Bank' },
  KBANK: { th: 'ธนาคารกสิกรไทย', en: 'Kasikornbank' },
  KTB: { th: 'ธนาคารกรุงไทย', en: 'Krungthai Bank' },
  SCB: { th: 'ธนาคารไทยพาณิชย์', en: 'Siam Commercial Bank' },
  BAY: { th: 'ธนาคารกรุงศรีอยุธยา', en: 'Krungsri (Bank of Ayudhya)' },
  TMB: { th: 'ธนาคารทหารไทยธนชาต', en: 'TMBThanachart (ttb)' },
};

/** Every bank's name in one language. */
export const bankLabels = (lang: 'th' | 'en') =>
  Object.fromEntries(Object.entries(bankNames).map(([bank, name]) => [bank, name[lang]])) as Record<Bank, string>;
