import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { amountDue, formatBaht, thaiLongDate, toBaht } from '@sikkha/contract/rules';
import { wrapLongStrings } from '../../components/text-wrap';
import { useLang } from '../../i18n/texts';
import type { MyOrder } from './api';
import { useDocumentTexts } from './document-texts';
import { RefundDocuments } from './RefundDocuments';
import { TaxInvoiceButton } from './TaxInvoiceButton';

/**
 * The member's paid orders, newest first, each with its number and its receipt or tax invoice to download; an order
 * with money given back says how much and lists its credit notes or refund notes. The same list shows the orders
 * refunded in full under their own heading.
 */
export function PaidOrders({
  orders,
  titleOf,
  refunded = false,
}: {
  orders: MyOrder[];
  titleOf: (order: MyOrder) => string;
  /** The orders refunded in full (no course any more), rather than the paid ones. */
  refunded?: boolean;
}) {
  const text = useDocumentTexts();
  const lang = useLang();
  const paidOn = (at: string) =>
    lang === 'th'
      ? thaiLongDate(new Date(at))
      : new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Asia/Bangkok' }).format(new Date(at));
  const titleId = refunded ? 'refunded-orders-title' : 'paid-orders-title';
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6" gutterBottom>
        {refunded ? text.refundedOrders : text.paidOrders}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {orders.map((order) => {
          const back = order.orders_refunded ?? 0;
          return (
            <Paper
              component="li"
              key={order.id}
              variant="outlined"
              sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
              data-order-id={order.id}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, ...wrapLongStrings }}>{titleOf(order)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    order.order_no && text.number(order.order_no),
                    order.approve_date && paidOn(order.approve_date),
                    formatBaht(toBaht(amountDue(order))),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {back > 0 && (
                  // MUI's warning.dark (#e65100) is 3.8:1 on white, under WCAG AA's 4.5:1 for text this size.
                  <Typography variant="body2" sx={{ fontWeight: 600, color: '#a34d00' }}>
                    {text.refundedAmount(formatBaht(back))}
                  </Typography>
                )}
              </Box>
              {order.order_no && (
                <TaxInvoiceButton orderId={order.id} orderNo={order.order_no} taxInvoice={order.receipt === 'Y'} />
              )}
              {(back > 0 || refunded) && <RefundDocuments orderId={order.id} />}
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
