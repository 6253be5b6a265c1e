import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type PaymentResult, PaymentResultDialog } from '../../features/checkout/PaymentResultDialog';
import { CourseHost } from '../../features/course/CourseHost';
import { lazyWithReload } from '../../lib/lazy-with-reload';

// The course dialog's price button opens checkout's order dialog, in its own chunk.
const OrderDialog = lazyWithReload(() => import('../../features/checkout/OrderDialog').then((m) => m.OrderDialog));

const RESULT_OF_HASH: Record<string, PaymentResult> = { '#gateway-success': 'success', '#gateway-fail': 'fail' };

/**
 * What the address opens over any storefront page, loaded only when first asked for: the course dialog
 * (/product/{title}, ?course={id}) and the payment result dialogs of spec §2 "URL hash messages".
 */
export function StorefrontOverlays() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const result = RESULT_OF_HASH[hash];
  // The last result stays mounted after closing, so its dialog can play the closing transition.
  const [shown, setShown] = useState<PaymentResult | undefined>(result);
  if (result && result !== shown) setShown(result);

  return (
    <>
      <CourseHost OrderDialog={OrderDialog} />
      {shown && (
        <PaymentResultDialog
          result={shown}
          open={result === shown}
          onClose={() => void navigate({ pathname, search }, { replace: true, preventScrollReset: true })}
        />
      )}
    </>
  );
}
