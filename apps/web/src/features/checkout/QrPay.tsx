import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatBaht } from '@sikkha/contract/rules';
import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentPage } from './api';
import { useCheckoutTexts } from './texts';

/** "mm:ss" (or "h:mm:ss") left until a moment. */
function useTimeLeft(until: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return { left, shown: h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}` };
}

/**
 * The PromptPay QR of a waiting order (spec 2 §2 QR panel): the image, the amount, a countdown to its expiry, and a
 * download button for a phone, whose own camera cannot scan its screen: save the image, open it in the banking app.
 * The page asks again every few seconds and moves on when the order is paid.
 */
export function QrPay({ page }: { page: PaymentPage }) {
  const text = useCheckoutTexts();
  const waitingId = useId();
  const time = useTimeLeft(page.expiresAt);
  const expired = time !== null && time.left === 0;
  const qr = page.qr;
  if (!qr) return <Alert severity="warning">{text.pageMissing}</Alert>;
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}>
      <Typography>{text.qrIntro}</Typography>
      {qr.image ? (
        <Box
          component="img"
          src={qr.image}
          alt={text.qrAlt}
          sx={{
            width: 280,
            maxWidth: '100%',
            aspectRatio: '1',
            opacity: expired ? 0.25 : 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      ) : (
        qr.script && <KPaymentQr script={qr.script} />
      )}
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="qr-amount">
        {formatBaht(page.amount)}
      </Typography>
      {page.orders_ref && (
        <Typography color="text.secondary">
          {text.orderRef}: {page.orders_ref}
        </Typography>
      )}
      {time &&
        (expired ? (
          <Alert severity="error">{text.qrExpired}</Alert>
        ) : (
          <Typography role="timer" aria-live="off" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {text.qrLeft(time.shown)}
          </Typography>
        ))}
      {!expired && (
        <>
          {qr.image && (
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              href={qr.image}
              download={`${page.orders_ref ?? 'promptpay'}.png`}
            >
              {text.qrDownload}
            </Button>
          )}
          <Box sx={{ width: '100%', maxWidth: 360 }} role="status">
            <LinearProgress aria-labelledby={waitingId} />
            <Typography id={waitingId} variant="body2" sx={{ mt: 1 }}>
              {text.qrWaiting}
            </Typography>
          </Box>
        </>
      )}
      {qr.testPayUrl && !expired && (
        <Button href={qr.testPayUrl} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
          {text.qrTestPay}
        </Button>
      )}
    </Box>
  );
}

/**
 * KBank's gateway draws its QR itself: its script in a form, with the shop's public key and the gateway's order id
 * (KPGW's "QR payment" integration). The order finishes by the gateway's notification, which this page polls for.
 */
function KPaymentQr({ script }: { script: { scriptUrl: string; publicKey: string; orderId: string } }) {
  const holder = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = holder.current;
    if (!form) return;
    const tag = document.createElement('script');
    tag.src = script.scriptUrl;
    tag.dataset.apikey = script.publicKey;
    tag.dataset.orderId = script.orderId;
    tag.dataset.paymentMethods = 'qr';
    form.append(tag);
    return () => tag.remove();
  }, [script]);
  return <form ref={holder} onSubmit={(event) => event.preventDefault()} />;
}
