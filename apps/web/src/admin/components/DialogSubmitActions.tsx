import { Button, type ButtonProps, CircularProgress, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A staff dialog's footer: cancel, and the submit button of its form, which shows a spinner and is disabled while the
 * request is under way (as cancel is: the answer must land in the dialog that asked).
 */
export function DialogSubmitActions({
  onCancel,
  pending,
  disabled = false,
  color,
  icon,
  autoFocus,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  disabled?: boolean;
  color?: ButtonProps['color'];
  icon?: ReactNode;
  autoFocus?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {translate('ra.action.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        color={color}
        disabled={pending || disabled}
        startIcon={pending ? <CircularProgress size={16} color="inherit" /> : icon}
        autoFocus={autoFocus}
      >
        {children}
      </Button>
    </DialogActions>
  );
}
