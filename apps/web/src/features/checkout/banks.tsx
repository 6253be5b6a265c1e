import Box from '@mui/material/Box';
import type { banks } from '@sikkha/contract';
import type { Lang } from '../../i18n/texts';

export type Bank = (typeof banks)[number];

/** The spec's bank list (spec 2 §9), each with its colour and its name in both languages. */
export const bankInfo: Record<Bank, { th: string; en: string; color: string; ink: string }> = {
  BBL: { th: 'ธนาคารกรุงเทพ', en: 'Bangkok Bank', color: '#1e4598', ink: '#fff' },
  KBANK: { th: 'ธนาคารกสิกรไทย', en: 'Kasikornbank', color: '#138f2d', ink: '#fff' },
  KTB: { th: 'ธนาคารกรุงไทย', en: 'Krungthai Bank', color: '#0a7bbf', ink: '#fff' },
  SCB: { th: 'ธนาคารไทยพาณิชย์', en: 'Siam Commercial Bank', color: '#4e2e7f', ink: '#fff' },
  BAY: { th: 'ธนาคารกรุงศรีอยุธยา', en: 'Krungsri (Bank of Ayudhya)', color: '#fec43b', ink: '#3d2b00' },
  TMB: { th: 'ธนาคารทหารไทยธนชาต', en: 'TMBThanachart (ttb)', color: '#1a3f8f', ink: '#fff' },
};

export const BANKS = Object.keys(bankInfo) as Bank[];

/** A bank's mark: its code on its colour (the banks' logos are their trademarks, so not copied here). */
export function BankMark({ bank, size = 36 }: { bank: Bank; size?: number }) {
  const info = bankInfo[bank];
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: info.color,
        color: info.ink,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: size / (bank.length > 3 ? 3.6 : 3),
        fontWeight: 700,
        flex: 'none',
      }}
    >
      {bank}
    </Box>
  );
}

export const bankName = (bank: Bank, lang: Lang) => bankInfo[bank][lang];
