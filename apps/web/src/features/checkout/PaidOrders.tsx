import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatBaht, thaiLongDate } from '@sikkha/contract/rules';
import { useLang } from '../../i18n/texts';
import type { MyOrder } from './api';
import { useDocumentTexts } from './document-texts';
import { TaxInvoiceButton } from './TaxInvoiceButton';

/** The member's paid orders, newest first, each with its number and its receipt or tax invoice to download. */
export function PaidOrders({ orders, titleOf }: { orders: MyOrder[]; titleOf: (order: MyOrder) => string }) {
  const text = useDocumentTexts();
  const lang = useLang();
  const paidOn = (at: string) =>
    lang === 'th'
      ? thaiLongDate(new Date(at))
      : new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Asia/Bangkok' }).format(new Date(at));
  return (
    <Box component="section" aria-labelledby="paid-orders-title">
      <Typography id="paid-orders-title" component="h2" variant="h6" gutterBottom>
        {text.paidOrders}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {orders.map((order) =>
          order.order_no ? (
            <Paper
              component="li"
              key={order.id}
              variant="outlined"
              sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{titleOf(order)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {text.number(order.order_no)}
                  {order.approve_date && ` · ${paidOn(order.approve_date)}`} · {formatBaht(order.orders_net ?? 0)}
                </Typography>
              </Box>
              <TaxInvoiceButton orderId={order.id} orderNo={order.order_no} taxInvoice={order.receipt === 'Y'} />
            </Paper>
          ) : null,
        )}
      </Box>
    </Box>
  );
}
