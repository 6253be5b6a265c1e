import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import NightsStayIcon from '@mui/icons-material/NightsStay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { rovingTabIndex } from '../../components/roving-tab-index';
import { useLang } from '../../i18n/texts';
import { BANKS, type Bank, BankMark, bankName } from './banks';
import { ThaiDateField, TimeField24 } from './DateTimeFields';
import type { OrderForm } from './order-form';
import { SlipUpload } from './SlipUpload';
import { useCheckoutTexts } from './texts';
import { useFieldMessage } from './use-field-message';

export interface ShopAccount {
  bank: Bank;
  name: string;
  number: string;
}

/**
 * Spec 2 §2 bank transfer panel: the bank list, the shop's account, the slip with its preview and progress, the
 * payment date (Thai calendar, B.E. years) and time (24-hour), and the note about 00.00–08.00.
 */
export function TransferPanel({
  control,
  account,
}: {
  control: Control<OrderForm>;
  /** The shop's account; undefined while loading, null when the shop has none. */
  account: ShopAccount | null | undefined;
}) {
  const text = useCheckoutTexts();
  const lang = useLang();
  const message = useFieldMessage();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography>{text.transferIntro}</Typography>
      <ShopAccountCard account={account} />
      <Controller
        control={control}
        name="orders_payment_bank"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {text.yourBank}
            </FormLabel>
            <RadioGroup
              row
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1 }}
            >
              {BANKS.map((bank) => (
                <FormControlLabel
                  key={bank}
                  value={bank}
                  control={<Radio size="small" tabIndex={rovingTabIndex<string>(bank, field.value, BANKS)} />}
                  label={
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <BankMark bank={bank} size={30} />
                      <Typography variant="body2">{bankName(bank, lang)}</Typography>
                    </Box>
                  }
                  sx={{ m: 0, border: 1, borderColor: 'divider', borderRadius: 1, pr: 1 }}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="orders_payment_slip"
        render={({ field, fieldState }) => (
          <SlipUpload value={field.value} onChange={field.onChange} error={message(fieldState.error?.message)} />
        )}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr 2fr' }, alignItems: 'start' }}>
        <Controller
          control={control}
          name="orders_payment_date"
          render={({ field, fieldState }) => (
            <ThaiDateField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="orders_payment_time"
          render={({ field, fieldState }) => (
            <TimeField24
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="orders_payment_amount"
          render={({ field }) => (
            <TextField
              label={text.transferAmount}
              size="small"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              inputMode="decimal"
              sx={{ mt: { md: 4 } }}
            />
          )}
        />
      </Box>
      <Alert severity="info" icon={<NightsStayIcon />}>
        {text.nightNote}
      </Alert>
    </Box>
  );
}

function ShopAccountCard({ account }: { account: ShopAccount | null | undefined }) {
  const text = useCheckoutTexts();
  const lang = useLang();
  const [copied, setCopied] = useState(false);
  if (account === undefined) return <Skeleton variant="rounded" height={96} />;
  if (account === null) return <Alert severity="warning">{text.accountMissing}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <BankMark bank={account.bank} size={48} />
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, flex: 1 }}>
        <Typography component="dt" color="text.secondary">
          {text.accountBank}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {bankName(account.bank, lang)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {text.accountName}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {account.name}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {text.accountNumber}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700, letterSpacing: 1 }} data-testid="shop-account">
          {account.number}
        </Typography>
      </Box>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => {
          void navigator.clipboard?.writeText(account.number.replace(/\D/g, '')).then(() => setCopied(true));
        }}
      >
        {copied ? text.copied : text.copy}
      </Button>
    </Paper>
  );
}
