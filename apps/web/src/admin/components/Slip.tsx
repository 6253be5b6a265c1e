import CloseIcon from '@mui/icons-material/Close';
import WarningIcon from '@mui/icons-material/WarningAmber';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import {
  Alert,
  Box,
  ButtonBase,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { SlipCheck } from '@sikkha/contract';
import { type ReactNode, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from './format';
import { useProtectedFile } from './protected-file';

const SLIP_SERVE = 'slip';
const ZOOMS = [1, 1.5, 2, 3] as const;

/** The slip as a small picture; a click opens it large, to zoom, beside what the server read from it. */
export function SlipThumbnail({
  name,
  label,
  check,
  net,
  size = 56,
}: {
  name: string | null;
  label: string;
  check: SlipCheck | null;
  net: number | null;
  size?: number;
}) {
  const translate = useTranslate();
  const { url, failed } = useProtectedFile(SLIP_SERVE, name);
  const [open, setOpen] = useState(false);
  if (!name) return <Typography variant="caption">{translate('admin.order.noSlip')}</Typography>;
  return (
    // Clicks here (and in the dialog, whose events bubble through React's tree) are not the row's click.
    <Box component="span" onClick={(event) => event.stopPropagation()}>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`${translate('admin.order.viewSlip')} ${label}`}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        {url ? (
          <Box component="img" src={url} alt="" sx={{ width: size, height: size * 1.4, objectFit: 'cover' }} />
        ) : (
          <Box sx={{ width: size, height: size * 1.4, display: 'grid', placeItems: 'center' }}>
            <Typography variant="caption">{failed ? '!' : '…'}</Typography>
          </Box>
        )}
      </ButtonBase>
      <SlipDialog open={open} onClose={() => setOpen(false)} url={url} title={label}>
        <SlipCheckSummary check={check} net={net} />
      </SlipDialog>
    </Box>
  );
}

/** The slip at full size with zoom steps; it scrolls inside the dialog when larger than the screen. */
function SlipDialog({
  open,
  onClose,
  url,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  url: string | null;
  title: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [zoom, setZoom] = useState(0);
  const step = (by: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + by)));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="slip-title">
      <DialogTitle id="slip-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {translate('admin.order.slip')} {title}
        </Box>
        <IconButton onClick={() => step(-1)} disabled={zoom === 0} aria-label={translate('admin.order.zoomOut')}>
          <ZoomOutIcon />
        </IconButton>
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'center' }}>
          {Math.round(ZOOMS[zoom]! * 100)}%
        </Typography>
        <IconButton
          onClick={() => step(1)}
          disabled={zoom === ZOOMS.length - 1}
          aria-label={translate('admin.order.zoomIn')}
        >
          <ZoomInIcon />
        </IconButton>
        <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: 2, py: 1 }}>
        {children}
      </DialogContent>
      <DialogContent dividers sx={{ p: 0, textAlign: 'center', overflow: 'auto' }}>
        {url && (
          <Box
            component="img"
            src={url}
            alt={`${translate('admin.order.slip')} ${title}`}
            onClick={() => setZoom((z) => (z === ZOOMS.length - 1 ? 0 : z + 1))}
            sx={{
              width: `${ZOOMS[zoom]! * 100}%`,
              maxWidth: zoom === 0 ? 480 : 'none',
              cursor: zoom === ZOOMS.length - 1 ? 'zoom-out' : 'zoom-in',
              display: 'block',
              mx: 'auto',
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** What the server read from the slip and what the member typed, with a warning for each flag. */
export function SlipCheckSummary({ check, net }: { check: SlipCheck | null; net: number | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!check) return null;
  const rows: [string, string][] = [
    [translate('admin.order.slipReference'), check.reference ?? '–'],
    [translate('admin.order.slipBank'), check.bank ?? '–'],
    [
      translate('admin.order.slipTyped'),
      [
        formatDate(check.typed_date, locale),
        check.typed_time?.slice(0, 5),
        check.typed_amount === null ? null : formatMoney(check.typed_amount),
      ]
        .filter(Boolean)
        .join(' · ') || '–',
    ],
  ];
  return (
    <Stack spacing={0.5}>
      {rows.map(([label, value]) => (
        <Typography key={label} variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {label}:
          </Box>{' '}
          {value}
        </Typography>
      ))}
      {check.qr && (
        <Typography variant="caption" sx={{ wordBreak: 'break-all', color: 'text.secondary' }}>
          QR: {check.qr}
        </Typography>
      )}
      {check.flags.map((flag) => (
        <Alert
          key={flag}
          severity={flag === 'reused' ? 'error' : 'warning'}
          icon={<WarningIcon fontSize="inherit" />}
          sx={{ py: 0 }}
        >
          {translate(`admin.order.flags.${flag}`, { net: formatMoney(net) })}
        </Alert>
      ))}
    </Stack>
  );
}
