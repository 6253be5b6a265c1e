import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type Control, Controller, useWatch } from 'react-hook-form';
import type { OrderForm, OrderFormField } from './order-form';
import { useCheckoutTexts } from './texts';
import { useFieldMessage } from './use-field-message';

/**
 * The receipt checkbox with the person's fields (card_id, address) or the company's (company_id, company_name,
 * company_address, company_address_send, and the branch its tax invoice names), each with its own error text
 * (spec 2 §2, §5 rules 2–4). Disabled for
 * coins (spec 2 §6).
 */
export function ReceiptFields({ control, disabled }: { control: Control<OrderForm>; disabled: boolean }) {
  const text = useCheckoutTexts();
  const receipt = useWatch({ control, name: 'receipt' });
  const type = useWatch({ control, name: 'receipt_type' });
  const fields: [OrderFormField, string, boolean][] =
    type === 'company'
      ? [
          ['company_id', text.companyId, false],
          ['company_branch', text.companyBranch, false],
          ['company_name', text.companyName, false],
          ['company_address', text.companyAddress, true],
          ['company_address_send', text.companyAddressSend, true],
        ]
      : [
          ['card_id', text.cardId, false],
          ['address', text.address, true],
        ];
  return (
    <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
      <Controller
        control={control}
        name="receipt"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                name={field.name}
                checked={field.value && !disabled}
                disabled={disabled}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label={text.receipt}
          />
        )}
      />
      {receipt && !disabled && (
        <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
          <Controller
            control={control}
            name="receipt_type"
            render={({ field }) => (
              <RadioGroup
                row
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
              >
                <FormControlLabel value="person" control={<Radio />} label={text.receiptPerson} />
                <FormControlLabel value="company" control={<Radio />} label={text.receiptCompany} />
              </RadioGroup>
            )}
          />
          {fields.map(([name, label, multiline]) => (
            <ReceiptField key={name} control={control} name={name} label={label} multiline={multiline} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function ReceiptField({
  control,
  name,
  label,
  multiline,
}: {
  control: Control<OrderForm>;
  name: OrderFormField;
  label: string;
  multiline: boolean;
}) {
  const message = useFieldMessage();
  const digits = name === 'card_id' || name === 'company_id' || name === 'company_branch';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
          fullWidth
          size="small"
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          error={Boolean(fieldState.error)}
          helperText={message(fieldState.error?.message)}
          slotProps={{
            htmlInput: digits
              ? { inputMode: 'numeric', maxLength: name === 'company_branch' ? 5 : 13 }
              : { maxLength: 1000 },
          }}
        />
      )}
    />
  );
}
