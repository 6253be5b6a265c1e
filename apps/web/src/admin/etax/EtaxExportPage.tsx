import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { BANGKOK_OFFSET_MS, type EtaxRegisterRow, issuedDocumentNames } from '@sikkha/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { ADMIN_TOKEN_KEY, apiFile } from '../../api/client';
import { saveBlob } from '../../lib/download';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';
import { AdminPage } from '../components/AdminPage';
import { formatDate, formatMoney } from '../components/format';

/** How many months back staff may pick: the Revenue Code keeps documents five years. */
const MONTHS_BACK = 60;

/** "YYYY-MM" of the Bangkok month `back` months before this one. */
function bangkokMonth(back: number, now = new Date()): string {
  const local = new Date(now.getTime() + BANGKOK_OFFSET_MS);
  const at = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1));
  return at.toISOString().slice(0, 7);
}

/** "พฤศจิกายน 2569" / "November 2026" for "2026-11". */
function monthName(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'th-TH', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The register's words for one document: its type, date, amounts, whether signed, and what voided it. */
function useRowWords() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string) => translate(`admin.etax.${key}`);
  const lang = locale === 'en' ? 'en' : 'th';
  return {
    t,
    type: (row: EtaxRegisterRow) => (
      <>
        {issuedDocumentNames[row.doc_type][lang]}
        {row.type_code && (
          <Typography component="span" variant="caption" color="text.secondary">
            {` (${row.type_code})`}
          </Typography>
        )}
      </>
    ),
    date: (row: EtaxRegisterRow) => formatDate(row.issued_at, locale, true),
    signed: (row: EtaxRegisterRow) => (
      <Chip
        size="small"
        variant="outlined"
        color={row.signed ? 'success' : 'default'}
        label={row.signed ? t('yes') : t('no')}
      />
    ),
    voided: (row: EtaxRegisterRow) =>
      row.voided_by ? <Chip size="small" color="warning" label={`${t('voided')} ${row.voided_by}`} /> : null,
  };
}

/** On a wide screen: one row per document. */
function RegisterTable({ rows }: { rows: EtaxRegisterRow[] }) {
  const words = useRowWords();
  const { t } = words;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('register')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('number')}</TableCell>
            <TableCell>{t('type')}</TableCell>
            <TableCell>{t('date')}</TableCell>
            <TableCell align="right">{t('total')}</TableCell>
            <TableCell align="right">{t('vat')}</TableCell>
            <TableCell>{t('signed')}</TableCell>
            <TableCell>{t('voided')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.doc_no}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {row.doc_no}
              </TableCell>
              <TableCell>{words.type(row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{words.date(row)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.total)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.vat)}
              </TableCell>
              <TableCell>{words.signed(row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.voided_by ?? '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** On a phone: one card per document, every field in view without scrolling sideways. */
function RegisterCards({ rows }: { rows: EtaxRegisterRow[] }) {
  const words = useRowWords();
  const { t } = words;
  return (
    <Stack component="ul" spacing={1} aria-label={t('register')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={row.doc_no} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography component="span" variant="subtitle2">
              {row.doc_no}
            </Typography>
            {words.signed(row)}
            {words.voided(row)}
          </Stack>
          <Typography variant="body2">{words.type(row)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {words.date(row)}
          </Typography>
          <Typography variant="body2">
            {`${t('total')} ${formatMoney(row.total)} · ${t('vat')} ${formatMoney(row.vat)}`}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * /admin/etax: a Bangkok month's issued documents (GET /api/etaxMonthlyRegister) and the archive staff upload to the
 * Revenue Department (GET /api/etaxMonthlyExport): each e-Tax XML as issued and a summary of every document.
 */
export function EtaxExportPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.etax.${key}`, options);
  // Last month by default: the month whose documents are sent now.
  const [month, setMonth] = useState(() => bangkokMonth(1));
  const months = Array.from({ length: MONTHS_BACK + 1 }, (_, back) => bangkokMonth(back));
  const register = useQuery({
    queryKey: adminKeys.etaxRegister(month),
    queryFn: () => adminRoute('etaxMonthlyRegister', { query: { month } }),
  });
  const download = useMutation({
    mutationFn: async (chosen: string) =>
      saveBlob(
        await apiFile('etaxMonthlyExport', { month: chosen }, localStorage.getItem(ADMIN_TOKEN_KEY)),
        `etax-${chosen}.zip`,
      ),
  });
  const rows = register.data?.data ?? [];
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const title = translate('admin.pages.etax');
  return (
    <AdminPage title={title} intro={t('intro')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('month')}
          value={month}
          onChange={(event) => {
            setMonth(event.target.value);
            download.reset();
          }}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          {months.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {monthName(choice, locale)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          onClick={() => download.mutate(month)}
          disabled={download.isPending}
          startIcon={download.isPending ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
        >
          {download.isPending ? t('downloading') : t('download')}
        </Button>
      </Stack>
      {download.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {`${t('downloadFailed')}: ${download.error.message}`}
        </Alert>
      )}
      {register.isPending && <Skeleton variant="rounded" height={160} />}
      {register.isError && (
        <Alert severity="error" role="alert">{`${t('loadFailed')}: ${register.error.message}`}</Alert>
      )}
      {register.isSuccess && rows.length === 0 && (
        <Alert severity="info" role="status">
          {t('none', { month: monthName(month, locale) })}
        </Alert>
      )}
      {rows.length > 0 && (
        <>
          <Typography variant="body2" role="status" sx={{ mb: 1 }}>
            {t('summary', { count: rows.length, withXml: rows.filter((row) => row.has_xml).length })}
          </Typography>
          {phone ? <RegisterCards rows={rows} /> : <RegisterTable rows={rows} />}
        </>
      )}
    </AdminPage>
  );
}
