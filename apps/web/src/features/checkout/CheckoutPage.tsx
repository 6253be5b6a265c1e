import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { SignInPrompt } from '../../components/SignInPrompt';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../i18n';
import { recheckPayments, useAfterPayment, usePaymentPage } from './api';
import { PageLoadError } from './PageLoadError';
import { paymentPagePath } from './payment-paths';
import { useCheckoutTexts } from './texts';
import { useErrorText } from './use-field-message';

export type CheckoutPageKind = 'checkout' | 'checkoutQr' | 'checkoutUnionpay';

const MY_COURSES = '/courses/onlyOrder';

/**
 * /checkout, /checkoutQr and /checkoutUnionpay (spec 2 §2: "checkout result/entry pages; content not shown"): where a
 * payment comes back to, or is picked up again. With `?ref=` (a payment page's reference) the order decides: paid
 * goes to My courses with the success dialog, waiting goes on to its payment page. Without one, the member's
 * waiting gateway payments are asked about again and My courses lists what still waits.
 */
export function CheckoutPage({ kind }: { kind: CheckoutPageKind }) {
  // The routes' titles are the first load's, as for every page of the spec's table.
  const { t } = useTranslation();
  const title = t(`pages.${kind}`);
  usePageTitle(title);
  const [params] = useSearchParams();
  const ref = params.get('ref') ?? params.get('code');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {ref ? <ByReference reference={ref} /> : <MemberPayments />}
      </Paper>
    </Container>
  );
}

function Checking() {
  const text = useCheckoutTexts();
  return (
    <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center', py: 4 }}>
      <CircularProgress size={28} />
      {text.checking}
    </Box>
  );
}

function ByReference({ reference }: { reference: string }) {
  const text = useCheckoutTexts();
  const navigate = useNavigate();
  const afterPayment = useAfterPayment();
  // ordersByRef asks the gateway about the order's pending charges before it answers.
  const page = usePaymentPage(reference, false);
  const order = page.data;
  const next =
    order?.orders_status === 'finish'
      ? `${MY_COURSES}#gateway-success`
      : order?.orders_status === 'wait'
        ? paymentPagePath(order.orders_payment, reference)
        : null;
  useEffect(() => {
    if (!next) return;
    void afterPayment().then(() => navigate(next, { replace: true }));
  }, [next, afterPayment, navigate]);

  let body: ReactNode;
  if (page.isPending || next) body = <Checking />;
  else if (page.isError) {
    body = <PageLoadError error={page.error} retry={() => void page.refetch()} />;
  } else if (order?.orders_status === 'cancel') body = <Alert severity="warning">{text.pageCancelled}</Alert>;
  else if (order?.orders_status === 'refund') body = <Alert severity="info">{text.pageRefunded}</Alert>;
  else if (order?.orders_status === 'paid_after_cancel') {
    body = <Alert severity="info">{text.pagePaidAfterCancel}</Alert>;
  } else body = <Alert severity="info">{order?.slip ? text.waitingSlip : text.waitingStaff}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {body}
      {!page.isPending && !next && (
        <Button component={RouterLink} to={MY_COURSES} variant="contained" sx={{ justifySelf: 'start' }}>
          {text.myCourses}
        </Button>
      )}
    </Box>
  );
}

function MemberPayments() {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const { token } = useSession();
  const navigate = useNavigate();
  const afterPayment = useAfterPayment();
  const [failure, setFailure] = useState<string | null>(null);
  // Leaving the page while the shop answers leaves it: no navigation from a page no longer shown.
  const shown = useRef(true);
  useEffect(
    () => () => {
      shown.current = false;
    },
    [],
  );
  const check = useCallback(async () => {
    setFailure(null);
    try {
      const orders = await recheckPayments();
      await afterPayment();
      const paid = orders.some((order) => order.orders_status === 'finish');
      if (shown.current) void navigate(paid ? `${MY_COURSES}#gateway-success` : MY_COURSES, { replace: true });
    } catch (error) {
      setFailure(errorText(error));
    }
  }, [afterPayment, navigate, errorText]);
  useEffect(() => {
    if (token) void check();
  }, [token, check]);

  if (!token) {
    return <SignInPrompt prompt={text.pageSignIn} label={text.signIn} inline />;
  }
  if (failure) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void check()}>
            {text.retry}
          </Button>
        }
      >
        {text.loadError}: {failure}
      </Alert>
    );
  }
  return <Checking />;
}
