import { zodResolver } from '@hookform/resolvers/zod';
import CheckIcon from '@mui/icons-material/Check';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  alpha,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Link as MuiLink,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { type ReconcileMismatch, resolveMismatchBody } from '@sikkha/contract';
import { toSatang } from '@sikkha/contract/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBasename, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';
import { AdminPage } from '../components/AdminPage';
import { DialogSubmitActions } from '../components/DialogSubmitActions';
import { useValueWords } from '../components/fields';
import { formatDate, formatMoney } from '../components/format';

const PAGE_SIZE = 25;
/** How far back "check now" looks (the route takes 1 to 90 days). */
const DAY_CHOICES = [1, 2, 7, 30, 90] as const;

/** The fields each side's record has first, in this order; any other field follows as it is. */
const KNOWN_FIELDS = ['status', 'amount', 'refunded'] as const;
const MONEY_FIELDS = new Set(['amount', 'refunded', 'fee', 'net']);

const asAmount = (value: unknown) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** Whether two amounts in baht differ by a satang or more (the sides may write 100 and "100.00"). */
function amountsDiffer(a: unknown, b: unknown) {
  const x = asAmount(a);
  const y = asAmount(b);
  return x !== null && y !== null && toSatang(x) !== toSatang(y);
}

/** The gateway's record beside the shop's: status, amount and refunded first, a row per field, differences marked. */
function Sides({ mismatch }: { mismatch: ReconcileMismatch }) {
  const translate = useTranslate();
  const words = useValueWords();
  const t = (key: string) => translate(`admin.reconcile.${key}`);
  const { gateway_record: gateway, shop_record: shop } = mismatch;
  const fields = [
    ...KNOWN_FIELDS,
    ...[...Object.keys(gateway), ...Object.keys(shop)].filter(
      (field, at, all) => !(KNOWN_FIELDS as readonly string[]).includes(field) && all.indexOf(field) === at,
    ),
  ].filter((field) => field in gateway || field in shop);
  const show = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '–';
    if (MONEY_FIELDS.has(field) && asAmount(value) !== null) return formatMoney(asAmount(value));
    if (field === 'status' && typeof value === 'string') return words(value);
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const empty = (record: Record<string, unknown>) => Object.keys(record).length === 0;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>
              {t('gateway')} ({mismatch.gateway})
            </TableCell>
            <TableCell>{t('shop')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.length === 0 && (
            <TableRow>
              <TableCell />
              <TableCell>{empty(gateway) ? t('noRecord') : ''}</TableCell>
              <TableCell>{empty(shop) ? t('noRecord') : ''}</TableCell>
            </TableRow>
          )}
          {fields.map((field) => {
            const differs = MONEY_FIELDS.has(field) && amountsDiffer(gateway[field], shop[field]);
            const label = translate(`admin.reconcile.field.${field}`, { _: field });
            return (
              <TableRow
                key={field}
                sx={
                  differs
                    ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08), '& td': { color: 'error.main' } }
                    : {}
                }
              >
                <TableCell component="th" scope="row" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {label}
                  {differs && (
                    <Typography component="span" variant="caption" sx={{ ml: 1, fontWeight: 600 }}>
                      ({t('differs')})
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{empty(gateway) ? t('noRecord') : show(field, gateway[field])}</TableCell>
                <TableCell>{empty(shop) ? t('noRecord') : show(field, shop[field])}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

const noteForm = resolveMismatchBody.pick({ note: true });

/** "แก้ไขแล้ว": marks a mismatch resolved with what was done (POST /api/ordersReconcileResolve). */
function ResolveButton({ mismatch }: { mismatch: ReconcileMismatch }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { control, handleSubmit, reset } = useForm<{ note?: string }>({
    resolver: zodResolver(noteForm),
    defaultValues: { note: '' },
  });
  const resolve = useMutation({
    mutationFn: (note: string | undefined) =>
      adminRoute('ordersReconcileResolve', { method: 'POST', body: { id: mismatch.id, ...(note ? { note } : {}) } }),
    onSuccess: () => {
      setOpen(false);
      reset();
      notify('admin.reconcile.resolved', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.reconcile() });
    },
  });
  const close = () => {
    if (resolve.isPending) return;
    setOpen(false);
    resolve.reset();
  };
  const titleId = `resolve-mismatch-${mismatch.id}`;
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<CheckIcon />} onClick={() => setOpen(true)}>
        {translate('admin.reconcile.resolve')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <form noValidate onSubmit={handleSubmit(({ note }) => resolve.mutate(note))}>
          <DialogTitle id={titleId}>{translate('admin.reconcile.resolveTitle')}</DialogTitle>
          <DialogContent>
            <Controller
              control={control}
              name="note"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  value={field.value ?? ''}
                  label={translate('admin.reconcile.note')}
                  fullWidth
                  multiline
                  minRows={2}
                  autoFocus
                  sx={{ mt: 1 }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            {resolve.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {resolve.error.message}
              </Alert>
            )}
          </DialogContent>
          <DialogSubmitActions onCancel={close} pending={resolve.isPending} icon={<CheckIcon />}>
            {translate('admin.reconcile.resolve')}
          </DialogSubmitActions>
        </form>
      </Dialog>
    </>
  );
}

function MismatchCard({ mismatch }: { mismatch: ReconcileMismatch }) {
  const translate = useTranslate();
  const basename = useBasename();
  const [locale] = useLocaleState();
  const kind = useValueWords('mismatch');
  const t = (key: string) => translate(`admin.reconcile.${key}`);
  return (
    <Card variant="outlined" component="li">
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
          <Chip color={mismatch.resolved_at ? 'default' : 'error'} label={kind(mismatch.kind)} />
          {mismatch.fixed && <Chip color="success" variant="outlined" size="small" label={t('fixed')} />}
        </Stack>
        <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('order')}:{' '}
          {mismatch.orders_id ? (
            <MuiLink component={Link} to={`${basename}/orders/${mismatch.orders_id}/show`} underline="hover">
              {mismatch.orders_ref ?? `#${mismatch.orders_id}`}
            </MuiLink>
          ) : (
            '–'
          )}{' '}
          · {t('charge')}: {mismatch.charge_id} · {t('found')} {formatDate(mismatch.create_at, locale, true)}
          {mismatch.resolved_at && ` · ${t('resolvedAt')} ${formatDate(mismatch.resolved_at, locale, true)}`}
        </Typography>
        <Sides mismatch={mismatch} />
      </CardContent>
      {!mismatch.resolved_at && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <ResolveButton mismatch={mismatch} />
        </CardActions>
      )}
    </Card>
  );
}

/**
 * /admin/ordersReconcile: where the gateway's records and the shop's disagree (GET /api/ordersReconcileList), each
 * side's record beside the other's; a check now over the last days (POST /api/ordersReconcile), and each resolved
 * with a note.
 */
export function ReconcilePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [resolved, setResolved] = useState<'N' | 'Y'>('N');
  const [page, setPage] = useState(1);
  const [days, setDays] = useState<number>(2);
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.reconcile.${key}`, options);
  const list = useQuery({
    queryKey: adminKeys.reconcile(resolved, page),
    queryFn: () => adminRoute('ordersReconcileList', { query: { resolved, page, pageSize: PAGE_SIZE } }),
  });
  const check = useMutation({
    mutationFn: () => adminRoute('ordersReconcile', { method: 'POST', body: { days } }),
    // What the check found is said beside its button (a live region), and the list shows it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.reconcile() }),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const rows = list.data?.data ?? [];
  const title = translate('admin.pages.ordersReconcile');
  return (
    <AdminPage title={title} intro={t('intro')}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('days')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          fullWidth={false}
          sx={{ width: 180 }}
        >
          {DAY_CHOICES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          onClick={() => check.mutate()}
          disabled={check.isPending}
          startIcon={check.isPending ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
        >
          {check.isPending ? t('checking') : t('check')}
        </Button>
        <Typography variant="body2" role="status" aria-live="polite">
          {check.data ? t('checked', check.data.data) : ''}
        </Typography>
      </Stack>
      <Tabs
        value={resolved}
        onChange={(_event, value: 'N' | 'Y') => {
          setResolved(value);
          setPage(1);
        }}
        sx={{ mb: 2 }}
      >
        <Tab value="N" label={t('open')} />
        <Tab value="Y" label={t('resolvedTab')} />
      </Tabs>
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.isError && <Alert severity="error">{`${t('loadFailed')}: ${list.error.message}`}</Alert>}
      {list.isSuccess && rows.length === 0 && <Alert severity="success">{t('none')}</Alert>}
      {rows.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((mismatch) => (
            <MismatchCard key={mismatch.id} mismatch={mismatch} />
          ))}
        </Stack>
      )}
      {(list.data?.total ?? 0) > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page - 1}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next + 1)}
        />
      )}
    </AdminPage>
  );
}
