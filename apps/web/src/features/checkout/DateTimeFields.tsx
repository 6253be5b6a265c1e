import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { bangkokDate, buddhistYear, toGregorianYear } from '@sikkha/contract/rules';
import { useId } from 'react';
import { useLang } from '../../i18n/texts';
import { useCheckoutTexts } from './texts';

const pad = (n: number) => String(n).padStart(2, '0');
const monthNames = (lang: 'th' | 'en') =>
  Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2000, i, 1),
    ),
  );

/** Today in Bangkok as the picker holds it: "YYYY-MM-DD" with the Buddhist-era year. */
export function todayBuddhist(now = new Date()): string {
  const [y, m, d] = bangkokDate(now).split('-');
  return `${buddhistYear(Number(y))}-${m}-${d}`;
}

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  name: string;
}

/**
 * A Thai date picker: day, Thai month and Buddhist-era year (this year and last), as Thai banking slips print the
 * date. The value is "YYYY-MM-DD" with the B.E. year (the spec's rule: a year above 2500 is B.E., minus 543).
 * A day past the month's end (31 in February) moves back to the month's last.
 */
export function ThaiDateField({ value, onChange, error, name }: FieldProps) {
  const text = useCheckoutTexts();
  const lang = useLang();
  const labelId = useId();
  const [y = '', m = '', d = ''] = value ? value.split('-') : [];
  const thisYear = buddhistYear(Number(bangkokDate(new Date()).slice(0, 4)));
  const daysIn = (year: string, month: string) =>
    year && month ? new Date(Date.UTC(toGregorianYear(Number(year)), Number(month), 0)).getUTCDate() : 31;
  const set = (year: string, month: string, day: string) => {
    const last = daysIn(year, month);
    const fitted = day && Number(day) > last ? pad(last) : day;
    onChange(year && month && fitted ? `${year}-${month}-${fitted}` : [year, month, fitted].join('-'));
  };
  const select = (label: string, current: string, options: [string, string][], change: (v: string) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={current}
      onChange={(event) => change(event.target.value)}
      error={Boolean(error)}
      // Three fit a phone's 342 px: the month takes what the day and the year leave.
      sx={{ minWidth: label === text.month ? 120 : label === text.day ? 72 : 88, flex: label === text.month ? 2 : 1 }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
      name={`${name}-${label}`}
    >
      {options.map(([key, shown]) => (
        <MenuItem key={key} value={key}>
          {shown}
        </MenuItem>
      ))}
    </TextField>
  );
  const days = Array.from({ length: daysIn(y, m) }, (_, i) => [pad(i + 1), String(i + 1)] as [string, string]);
  const months = monthNames(lang).map((label, i) => [pad(i + 1), label] as [string, string]);
  const years = [thisYear, thisYear - 1].map((year) => [String(year), String(year)] as [string, string]);
  return (
    <FormControl component="fieldset" error={Boolean(error)} fullWidth>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        {text.paymentDate}
      </FormLabel>
      <Stack direction="row" spacing={1} aria-labelledby={labelId}>
        {select(text.day, d, days, (day) => set(y, m, day))}
        {select(text.month, m, months, (month) => set(y, month, d))}
        {select(text.year, y, years, (year) => set(year, m, d))}
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** The payment time in 24-hour form (HH:mm), as hour and minute: a browser's time input may show AM/PM. */
export function TimeField24({ value, onChange, error, name }: FieldProps) {
  const text = useCheckoutTexts();
  const labelId = useId();
  const [h = '', min = ''] = value ? value.split(':') : [];
  const set = (hour: string, minute: string) => onChange(hour || minute ? `${hour}:${minute}` : '');
  const numbers = (count: number) => Array.from({ length: count }, (_, i) => pad(i));
  return (
    <FormControl component="fieldset" error={Boolean(error)} fullWidth>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        {text.paymentTime}
      </FormLabel>
      <Stack direction="row" spacing={1} alignItems="center">
        {(
          [
            [text.hour, h, numbers(24), (hour: string) => set(hour, min)],
            [text.minute, min, numbers(60), (minute: string) => set(h, minute)],
          ] as const
        ).map(([label, current, options, change]) => (
          <TextField
            key={label}
            select
            size="small"
            label={label}
            value={current}
            onChange={(event) => change(event.target.value)}
            error={Boolean(error)}
            name={`${name}-${label}`}
            sx={{ flex: 1, minWidth: 90 }}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
          >
            {options.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
