import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { apiFile } from '../../api/client';
import { saveBlob } from '../../lib/download';
import { useDocumentTexts } from './document-texts';

/**
 * A PDF the API makes for the member (a receipt, a credit note), fetched with the member's token and saved as
 * `<number>.pdf`; the server's message when it cannot.
 */
export function DocumentButton({
  path,
  id,
  number,
  label,
}: {
  /** The file route (ordersTaxInvoiceFile, ordersRefundFile), asked with `?id=`. */
  path: string;
  id: number;
  /** The document's number: the file's name and, with the label, the button's name. */
  number: string;
  label: string;
}) {
  const text = useDocumentTexts();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      saveBlob(await apiFile(path, { id }), `${number}.pdf`);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={state.busy ? <CircularProgress size={16} color="inherit" /> : <ReceiptLongIcon />}
        onClick={() => void download()}
        disabled={state.busy}
        aria-label={`${label} ${number}`}
      >
        {state.busy ? text.downloading : label}
      </Button>
      {state.error && (
        <Typography role="alert" color="error" variant="body2" sx={{ width: '100%' }}>
          {text.downloadFailed}: {state.error}
        </Typography>
      )}
    </>
  );
}

/**
 * The receipt or tax invoice of a finished order: the PDF issued at finish (GET /api/ordersTaxInvoiceFile), fetched
 * with the member's token and saved as `<order_no>.pdf`. A tax invoice when the order asked for one (receipt Y).
 */
export function TaxInvoiceButton({
  orderId,
  orderNo,
  taxInvoice,
}: {
  orderId: number;
  orderNo: string;
  taxInvoice: boolean;
}) {
  const text = useDocumentTexts();
  return (
    <DocumentButton
      path="ordersTaxInvoiceFile"
      id={orderId}
      number={orderNo}
      label={taxInvoice ? text.taxInvoice : text.receipt}
    />
  );
}
