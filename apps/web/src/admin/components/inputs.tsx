import { InputAdornment } from '@mui/material';
import { BANGKOK_OFFSET_MS } from '@sikkha/contract/rules';
import {
  BooleanInput,
  DateTimeInput,
  type DateTimeInputProps,
  NumberInput,
  type NumberInputProps,
  SelectInput,
  type SelectInputProps,
  TimeInput,
  type TimeInputProps,
} from 'react-admin';
import { useChoices } from './fields';

/** A Y/N field of the spec as a switch. */
export function YNInput({ source, label }: { source: string; label?: string }) {
  return (
    <BooleanInput
      source={source}
      label={label}
      format={(value: unknown) => value === 'Y'}
      parse={(checked: boolean) => (checked ? 'Y' : 'N')}
    />
  );
}

/** One of a closed set of the contract's values, in words. */
export function EnumInput({
  values,
  scope,
  ...props
}: Omit<SelectInputProps, 'choices'> & { values: readonly string[]; scope?: string }) {
  const choices = useChoices(values, scope);
  return <SelectInput choices={choices} {...props} />;
}

/** Baht with 2 decimals. */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      step={0.01}
      min={0}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">฿</InputAdornment> } }}
      {...props}
    />
  );
}

/** A time of day as the contract keeps it ("HH:mm"), not react-admin's Date of today. */
export function TimeOfDayInput(props: Omit<TimeInputProps, 'parse' | 'format'>) {
  return (
    <TimeInput
      {...props}
      format={(value: unknown) => (typeof value === 'string' ? value.slice(0, 5) : '')}
      parse={(value: string) => value || null}
    />
  );
}

const BANGKOK = '+07:00';
/** "2026-11-23T09:30" on Bangkok's clock, for an instant. */
const bangkokLocal = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 16);
};

/** A moment typed on Bangkok's clock (the shop's business time), whatever the browser's zone, kept with its offset. */
export function BangkokDateTimeInput(props: Omit<DateTimeInputProps, 'parse' | 'format'>) {
  return (
    <DateTimeInput
      {...props}
      format={bangkokLocal}
      parse={(value: string) => (value ? `${value.slice(0, 16)}:00${BANGKOK}` : null)}
    />
  );
}
