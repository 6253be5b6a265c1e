import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { Link as RouterLink } from 'react-router';
import { useCheckoutTexts } from './texts';

/** A transfer order placed with its slip: it waits for staff, and the member's orders are one tap away. */
export function TransferPlaced({ onClose }: { onClose: () => void }) {
  const text = useCheckoutTexts();
  return (
    <>
      <DialogContent dividers>
        <Alert severity="success" role="status">
          {text.transferPlaced}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.close}</Button>
        <Button variant="contained" component={RouterLink} to="/courses/onlyOrder">
          {text.myCourses}
        </Button>
      </DialogActions>
    </>
  );
}
