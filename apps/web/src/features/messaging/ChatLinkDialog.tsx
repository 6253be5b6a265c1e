import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useSession } from '../../api/session';
import { useLang } from '../../i18n/texts';
import { useChatLinks, useLinkCode, useUnlink } from './api';
import { useChatLinkTexts } from './texts';

const timeFormat = (lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'th-TH', { timeStyle: 'short', timeZone: 'Asia/Bangkok' });

/**
 * Linking the member's LINE or Messenger account, so the shop's messages (the Send screen) reach them there: the
 * member asks for a short-lived code and sends it to the shop's LINE account or Page, whose webhook ties the two.
 */
export function ChatLinkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = useChatLinkTexts();
  const lang = useLang();
  const titleId = useId();
  const { user } = useSession();
  const code = useLinkCode();
  const unlink = useUnlink();
  const [copied, setCopied] = useState(false);
  const links = useChatLinks(user?.id, code.data !== undefined);
  const channels = links.data?.channels.filter((c) => c.available) ?? [];
  const allLinked = channels.length > 0 && channels.every((c) => c.linked);
  const failed = code.isError || unlink.isError || links.isError;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{text.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {text.intro}
        </Typography>
        {links.data && channels.length === 0 && <Alert severity="info">{text.unavailable}</Alert>}
        <Stack spacing={1} sx={{ mb: 2 }}>
          {channels.map((c) => (
            <Stack key={c.channel} direction="row" alignItems="center" spacing={1}>
              <Typography sx={{ fontWeight: 600, minWidth: 96 }}>{text.channel[c.channel]}</Typography>
              {c.linked ? (
                <>
                  <CheckCircleIcon color="success" fontSize="small" aria-hidden />
                  <Typography variant="body2" sx={{ flexGrow: 1 }}>
                    {text.linked}
                  </Typography>
                  <Button size="small" onClick={() => unlink.mutate(c.channel)} disabled={unlink.isPending}>
                    {text.unlink}
                  </Button>
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {text.notLinked}
                </Typography>
              )}
            </Stack>
          ))}
        </Stack>
        {channels.length > 0 && !allLinked && !code.data && (
          <Button variant="contained" onClick={() => code.mutate()} disabled={code.isPending}>
            {text.getCode}
          </Button>
        )}
        {code.data && !allLinked && (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {text.codeLabel}
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              alignItems={{ xs: 'flex-start', sm: 'center' }}
              spacing={{ xs: 0, sm: 1 }}
              sx={{ my: 0.5 }}
            >
              <Typography
                component="p"
                sx={{
                  fontFamily: 'monospace',
                  fontSize: { xs: 22, sm: 24 },
                  fontWeight: 700,
                  letterSpacing: { xs: 1, sm: 2 },
                  whiteSpace: 'nowrap',
                }}
                data-testid="link-code"
              >
                {code.data.code}
              </Typography>
              <Button
                size="small"
                startIcon={<ContentCopyIcon fontSize="small" />}
                onClick={() => {
                  void navigator.clipboard?.writeText(code.data.code).then(() => setCopied(true));
                }}
              >
                {copied ? text.copied : text.copy}
              </Button>
            </Stack>
            <Typography variant="caption" color="text.secondary" component="p">
              {text.expires(timeFormat(lang).format(new Date(code.data.expire_at)))}
            </Typography>
            <Typography variant="body2" sx={{ my: 1 }}>
              {text.howTo}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {code.data.line_url && (
                <Button variant="contained" color="success" href={code.data.line_url} target="_blank" rel="noopener">
                  {text.openLine}
                </Button>
              )}
              {code.data.facebook_url && (
                <Button variant="contained" href={code.data.facebook_url} target="_blank" rel="noopener">
                  {text.openFacebook}
                </Button>
              )}
            </Stack>
            <Button size="small" sx={{ mt: 1 }} onClick={() => code.mutate()} disabled={code.isPending}>
              {text.newCode}
            </Button>
          </Box>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {text.failed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
