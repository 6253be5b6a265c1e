import { Chip } from '@mui/material';
import { fileUrl } from '@sikkha/contract/uploads';
import { type FieldProps, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDate, formatDuration, formatMoney } from './format';

type Props = FieldProps & { source: string };

/** Money as baht with 2 decimals (never a date, whatever the number). */
export function MoneyField({ source }: Props) {
  const record = useRecordContext();
  return <span>{formatMoney(record?.[source])}</span>;
}

/** A date in the interface language: Thai day-month-year in the Buddhist era. */
export function DateField({ source, showTime }: Props & { showTime?: boolean }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return <span>{formatDate(record?.[source], locale, showTime)}</span>;
}

/** A stored picture as a small thumbnail in a list (nothing when the record has none). */
export function PictureField({
  source,
  serve,
  width,
  round,
}: Props & { serve: string; width: number; round?: boolean }) {
  const record = useRecordContext();
  const file = record?.[source];
  if (!file) return null;
  const shape = round ? { height: width, style: { borderRadius: width / 2, objectFit: 'cover' as const } } : {};
  return <img src={fileUrl(serve, String(file))} alt="" width={width} {...shape} />;
}

export function DurationField({ source }: Props) {
  const record = useRecordContext();
  return <span>{formatDuration(record?.[source])}</span>;
}

/**
 * The words of a value: under `admin.values.<scope>` when the same value means something else elsewhere (a coin
 * coupon's "public" is not a lesson's), else under `admin.values`.
 */
export function useValueWords(scope?: string) {
  const translate = useTranslate();
  return (value: string) => {
    const plain = translate(`admin.values.${value}`, { _: value });
    return scope ? translate(`admin.values.${scope}.${value}`, { _: plain }) : plain;
  };
}

/** One of a closed set of values (Y/N, Show/Hide, a state), in words. */
export function ValueField({
  source,
  colors,
  scope,
}: Props & { colors?: Record<string, 'success' | 'warning' | 'error' | 'default'>; scope?: string }) {
  const record = useRecordContext();
  const words = useValueWords(scope);
  const value = record?.[source];
  if (value === null || value === undefined || value === '') return null;
  const label = words(String(value));
  return colors ? <Chip size="small" label={label} color={colors[String(value)] ?? 'default'} /> : <span>{label}</span>;
}

/** The choices of a closed set of values for a select input, in words. */
export function useChoices(values: readonly string[], scope?: string) {
  const words = useValueWords(scope);
  return values.map((id) => ({ id, name: words(id) }));
}
