import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { type ReactNode, useId } from 'react';
import { formPaperSx } from '../../../components/dialog-paper';
import { useTranslation } from '../../../i18n';
import { ACCOUNT_NS } from '../texts';

export interface DialogFrameProps {
  open: boolean;
  /** The close button; also the backdrop and Escape unless the dialog is persistent. */
  onClose: () => void;
  title: ReactNode;
  /** The spec's width in px (login 290, register 600); the dialog never gets wider than the phone. */
  width?: number;
  /** Persistent dialogs (confirm e-mail, privacy policy, token expired) close only through their buttons. */
  persistent?: boolean;
  /** Hides the title's close button (the loading dialog). */
  hideClose?: boolean;
  children: ReactNode;
  actions?: ReactNode;
}

/** The frame every account dialog shares: a labelled title with a close button, content and actions. */
export function DialogFrame({
  open,
  onClose,
  title,
  width = 600,
  persistent = false,
  hideClose = false,
  children,
  actions,
}: DialogFrameProps) {
  const { t } = useTranslation(ACCOUNT_NS);
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={persistent ? undefined : onClose}
      disableEscapeKeyDown={persistent}
      fullWidth
      scroll="body"
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: formPaperSx(width) },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: hideClose ? 3 : 7 }}>
        {title}
      </DialogTitle>
      {!hideClose && (
        <IconButton aria-label={t('close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 10 }}>
          <CloseIcon />
        </IconButton>
      )}
      <DialogContent sx={{ pt: 1 }}>{children}</DialogContent>
      {actions && <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>}
    </Dialog>
  );
}
