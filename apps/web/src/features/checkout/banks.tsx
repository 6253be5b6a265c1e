import Box from '@mui/material/Box';
import type { Bank } from '@sikkha/contract';
import { bankNames } from '@sikkha/contract/rules/banks';
import type { Lang } from '../../i18n/texts';

export type { Bank };

/** The spec's bank list (spec 2 §9), each with its colour and its name in both languages. */
export const bankInfo: Record<Bank, { th: string; en: string; color: string; ink: string }> = {
  BBL: { ...bankNames.BBL, color: '#1e4598', ink: '#fff' },
  KBANK: { ...bankNames.KBANK, color: '#138f2d', ink: '#fff' },
  KTB: { ...bankNames.KTB, color: '#0a7bbf', ink: '#fff' },
  SCB: { ...bankNames.SCB, color: '#4e2e7f', ink: '#fff' },
  BAY: { ...bankNames.BAY, color: '#fec43b', ink: '#3d2b00' },
  TMB: { ...bankNames.TMB, color: '#1a3f8f', ink: '#fff' },
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
