import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { downloadFile, downloadName } from './api';
import { useCourseTexts } from './texts';

/**
 * The certificate download of the payment area (spec §2, "Purchased and a certificate exists"): the member's own
 * PDF from /api/certificate/{file}, fetched with the token (a link cannot carry it) and saved under the course's name.
 */
export function CertificateButton({ file, title }: { file: string; title: string | null }) {
  const text = useCourseTexts();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      await downloadFile('certificate', file, downloadName(title, file));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={state === 'busy' ? <CircularProgress size={18} color="inherit" /> : <WorkspacePremiumIcon />}
        onClick={() => void download()}
        disabled={state === 'busy'}
      >
        {state === 'busy' ? text.downloading : text.certificate}
      </Button>
      {state === 'failed' && (
        <Typography role="alert" color="error" variant="body2">
          {text.downloadFailed}
        </Typography>
      )}
    </>
  );
}
