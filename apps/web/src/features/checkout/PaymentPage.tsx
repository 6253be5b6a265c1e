import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatBaht, orderIdFromReference } from '@sikkha/contract/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSession } from '../../api/session';
import { SignInPrompt } from '../../components/SignInPrompt';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLang } from '../../i18n/texts';
import {
  type PaymentPage as PaymentPageData,
  payOrder,
  useAfterPayment,
  useCheckoutSettings,
  usePaymentPage,
} from './api';
import { KPaymentCardForm, OmiseCardForm } from './CardPay';
import { feePercent } from './fee-percent';
import { PageLoadError } from './PageLoadError';
import { QrPay } from './QrPay';
import { SlipAttach } from './SlipAttach';
import { useCheckoutTexts } from './texts';
import { useErrorText } from './use-field-message';

type PageKind = 'credit' | 'qrcode' | 'smatrpay';

/**
 * /creditCard/{ref}, /creditCardSmatrPay/{ref} and /qrPlayment/{ref} (spec 2 §2): a waiting order's payment,
 * found by its opaque reference, so it can be reopened later or on another device after signing in. A paid order
 * goes on to My courses with the success dialog; a refused card to the fail dialog.
 */
export function PaymentPage({ kind }: { kind: PageKind }) {
  const text = useCheckoutTexts();
  const { id } = useParams();
  const { token } = useSession();
  const navigate = useNavigate();
  const afterPayment = useAfterPayment();
  const page = usePaymentPage(id, true);
  usePageTitle(text.pageTitle[kind]);

  const status = page.data?.orders_status;
  useEffect(() => {
    if (status !== 'finish') return;
    void afterPayment();
    void navigate('/courses/onlyOrder#gateway-success', { replace: true });
  }, [status, afterPayment, navigate]);

  let body: ReactNode;
  if (!id) body = <Alert severity="info">{text.pageMissing}</Alert>;
  else if (page.isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={28} />
        {text.pageLoading}
      </Box>
    );
  } else if (page.isError) {
    body = <PageLoadError error={page.error} retry={() => void page.refetch()} />;
  } else {
    body = <Payment page={page.data} signedIn={token !== null} refRoute={id} />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {text.pageTitle[kind]}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {body}
      </Paper>
    </Container>
  );
}

function Payment({ page, signedIn, refRoute }: { page: PaymentPageData; signedIn: boolean; refRoute: string }) {
  const text = useCheckoutTexts();
  const lang = useLang();
  // The fee line names its percent: the shop's fee factor (public, cached with the order dialog's).
  const settings = useCheckoutSettings();
  if (page.orders_status === 'finish') {
    return (
      <Alert
        severity="success"
        action={
          <Button component={RouterLink} to="/courses/onlyOrder">
            {text.myCourses}
          </Button>
        }
      >
        {text.pageDone}
      </Alert>
    );
  }
  if (page.orders_status === 'cancel') return <Alert severity="warning">{text.pageCancelled}</Alert>;
  if (page.orders_status === 'refund') return <Alert severity="info">{text.pageRefunded}</Alert>;
  if (page.orders_status === 'paid_after_cancel') return <Alert severity="info">{text.pagePaidAfterCancel}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" color="text.secondary">
          {text.productLabel}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {page.product_title}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {text.net}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {formatBaht(page.orders_net)}
        </Typography>
        {page.fee > 0 && (
          <>
            <Typography component="dt" color="text.secondary">
              {text.fee(settings.data ? feePercent(settings.data.feeFactor, lang) : null)}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {formatBaht(page.fee)}
            </Typography>
          </>
        )}
        <Typography component="dt" color="text.secondary">
          {text.amount}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {formatBaht(page.amount)}
        </Typography>
      </Box>
      {!signedIn ? (
        <SignInPrompt prompt={text.pageSignIn} label={text.signIn} inline />
      ) : (
        <PayBy page={page} refRoute={refRoute} />
      )}
    </Box>
  );
}

function PayBy({ page, refRoute }: { page: PaymentPageData; refRoute: string }) {
  const text = useCheckoutTexts();
  const orderId = page.orders_ref ? orderIdFromReference(page.orders_ref) : null;
  switch (page.orders_payment) {
    case 'qrcode':
      return (
        <>
          <QrPay page={page} />
          {/* A personal PromptPay QR sends no notice: the member proves the payment with the slip. */}
          {page.account && orderId && <SlipAttach orderId={orderId} account={page.account} net={page.amount} />}
        </>
      );
    case 'transfer':
      if (page.slip) return <Alert severity="info">{text.waitingSlip}</Alert>;
      return orderId ? <SlipAttach orderId={orderId} account={page.account} net={page.amount} /> : null;
    case 'credit':
    case 'smatrpay':
    case 'unionpay':
      return <GatewayPay page={page} refRoute={refRoute} />;
    case 'coin':
      return null;
    default: {
      const unknown: never = page.orders_payment;
      throw new Error(`Unknown payment ${String(unknown)}`);
    }
  }
}

/**
 * Card, smart-pay and union-pay through the gateway. A card is tokenized in the browser by the gateway's own script
 * (the card never reaches the shop) and the server charges the token; 3-D Secure, smart-pay and union-pay continue
 * on the gateway's page and come back to /order/callback, which says #gateway-success or #gateway-fail.
 */
function GatewayPay({ page, refRoute }: { page: PaymentPageData; refRoute: string }) {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const afterPayment = useAfterPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Charges the order; true while the page moves on (the gateway's page, My courses) or waits for the gateway. */
  const pay = async (cardToken?: string) => {
    const result = await payOrder(refRoute, cardToken);
    const next = result.authorizeUrl ?? result.redirect_url;
    if (next) {
      window.location.assign(next);
      return true;
    }
    await afterPayment();
    if (result.status === 'paid') void navigate('/courses/onlyOrder#gateway-success', { replace: true });
    // Refused (spec 2 §8): the fail dialog over this page, whose form takes another card after it closes.
    else if (result.status === 'failed' || result.status === 'expired') void navigate('#gateway-fail');
    return result.status === 'paid' || result.status === 'pending';
  };
  const card = page.card;
  // Union-pay, and smart-pay at a gateway that takes no card token first: straight to the gateway's page.
  const needsCard =
    card !== null &&
    (page.orders_payment === 'credit' || (page.orders_payment === 'smatrpay' && card.kind === 'kpayment'));
  if (!needsCard) {
    if (page.orders_payment === 'credit') return <Alert severity="warning">{text.cardNotHere}</Alert>;
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography>{text.redirectIntro[page.orders_payment === 'unionpay' ? 'unionpay' : 'smatrpay']}</Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button
          variant="contained"
          size="large"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setFailure(null);
            pay().catch((error: unknown) => {
              setFailure(errorText(error));
              setBusy(false);
            });
          }}
        >
          {busy ? text.redirecting : text.continuePay}
        </Button>
      </Box>
    );
  }
  return card.kind === 'kpayment' ? (
    <KPaymentCardForm form={card} amount={page.amount} smartPay={page.orders_payment === 'smatrpay'} onToken={pay} />
  ) : (
    <OmiseCardForm form={card} amount={page.amount} onToken={pay} />
  );
}
