import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatBaht } from '@sikkha/contract/rules';
import { Link as RouterLink } from 'react-router';
import { openAccountDialog } from '../../stores/account-dialogs';
import type { CourseView } from './api';
import { CertificateButton } from './CertificateButton';
import { paymentActionOf } from './payment-action';
import { useCourseTexts } from './texts';

interface PaymentAreaProps {
  view: CourseView;
  /** The price button starts the order (the order dialog). */
  onBuy: () => void;
}

/** The remaining-days line and the payment action area of the course dialog (spec §2). */
export function PaymentArea({ view, onBuy }: PaymentAreaProps) {
  const text = useCourseTexts();
  return (
    <Box
      component="section"
      aria-label={text.purchase}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        py: 2,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        {view.state === 'finish' && view.remainingDays !== null && (
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 500 }}>
            <ScheduleIcon color="primary" aria-hidden />
            {text.remainingDays(view.remainingDays)}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Action view={view} onBuy={onBuy} />
      </Box>
    </Box>
  );
}

function Action({ view, onBuy }: PaymentAreaProps) {
  const text = useCourseTexts();
  const action = paymentActionOf(view);
  switch (action.kind) {
    case 'registerAndBuy':
      return (
        <>
          <Typography component="p" sx={{ fontSize: '1.375rem', fontWeight: 700, color: 'secondary.dark' }}>
            {formatBaht(action.price)}
          </Typography>
          <Button variant="contained" size="large" onClick={() => openAccountDialog({ name: 'login' })}>
            {text.registerAndBuy}
          </Button>
        </>
      );
    case 'payByCard':
      return (
        <Button
          variant="contained"
          size="large"
          startIcon={<CreditCardIcon />}
          component={RouterLink}
          to={`/creditCard/${encodeURIComponent(action.ref)}`}
        >
          {text.payByCard}
        </Button>
      );
    case 'payByQr':
      return (
        <Button
          variant="contained"
          size="large"
          startIcon={<QrCode2Icon />}
          component={RouterLink}
          to={`/qrPlayment/${encodeURIComponent(action.ref)}`}
        >
          {text.payByQr}
        </Button>
      );
    case 'waiting':
      return (
        <Alert severity="warning" icon={<HourglassTopIcon />} sx={{ py: 0 }}>
          {text.waiting}
        </Alert>
      );
    case 'comingSoon':
      return <Chip color="secondary" label={text.comingSoon} sx={{ fontSize: '1rem', px: 1, height: 40 }} />;
    case 'buy': {
      const price = formatBaht(action.price);
      return (
        <Button
          variant="contained"
          color="secondary"
          size="large"
          startIcon={<ShoppingCartIcon />}
          onClick={onBuy}
          aria-label={text.buy(price)}
          sx={{ fontSize: '1.125rem', fontWeight: 700 }}
        >
          {price}
        </Button>
      );
    }
    case 'owned':
      return (
        <>
          <Chip color="success" icon={<CheckCircleIcon />} label={text.owned} />
          {action.certificate && <CertificateButton file={action.certificate} title={view.product.product_title} />}
        </>
      );
    default: {
      const unknown: never = action;
      throw new Error(`Unknown payment action ${JSON.stringify(unknown)}`);
    }
  }
}
