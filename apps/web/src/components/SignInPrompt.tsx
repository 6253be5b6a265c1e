import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { openAccountDialog } from '../stores/account-dialogs';

/**
 * What a member's page shows a visitor who is not signed in: why to sign in and a button that opens the sign-in
 * dialog. `inline` is the one-line form for a page that shows other things (an order's amount) around it.
 */
export function SignInPrompt({ prompt, label, inline }: { prompt: string; label: string; inline?: boolean }) {
  const open = () => openAccountDialog({ name: 'login' });
  if (inline) {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" startIcon={<LoginIcon />} onClick={open}>
            {label}
          </Button>
        }
      >
        {prompt}
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{prompt}</Typography>
      <Button variant="contained" startIcon={<LoginIcon />} onClick={open}>
        {label}
      </Button>
    </Paper>
  );
}
