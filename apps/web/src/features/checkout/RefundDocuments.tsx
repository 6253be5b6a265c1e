import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatBaht } from '@sikkha/contract/rules';
import { useOrderRefunds } from './api';
import { useDocumentTexts } from './document-texts';
import { DocumentButton } from './TaxInvoiceButton';

/**
 * The documents of an order's refunds (GET /api/ordersRefunds): each refund's credit note (against a tax invoice) or
 * refund note, downloaded like the receipt (GET /api/ordersRefundFile); a gateway refund still settling says so.
 */
export function RefundDocuments({ orderId }: { orderId: number }) {
  const text = useDocumentTexts();
  const refunds = useOrderRefunds(orderId, true);
  if (refunds.isError) {
    return (
      <Typography variant="body2" color="error" sx={{ width: '100%' }}>
        {text.refundsLoadFailed}
      </Typography>
    );
  }
  if (!refunds.data || refunds.data.length === 0) return null;
  return (
    <Box sx={{ width: '100%', display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {refunds.data.map((refund) =>
        refund.doc_no ? (
          <DocumentButton
            key={refund.id}
            path="ordersRefundFile"
            id={refund.id}
            number={refund.doc_no}
            label={`${refund.doc_type === 'creditNote' ? text.creditNote : text.refundNote} ${formatBaht(refund.amount)}`}
          />
        ) : refund.status === 'pending' ? (
          <Typography key={refund.id} variant="body2" color="text.secondary">
            {formatBaht(refund.amount)} · {text.refundPending}
          </Typography>
        ) : null,
      )}
    </Box>
  );
}
