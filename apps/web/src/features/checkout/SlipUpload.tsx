import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { uploadSlip } from './api';
import { useCheckoutTexts } from './texts';
import { useErrorText } from './use-field-message';

const ACCEPT = 'image/png,image/gif,image/jpeg';

interface SlipUploadProps {
  /** The stored file name once uploaded ('' before). */
  value: string;
  onChange: (file: string) => void;
  error?: string;
}

/**
 * The slip (png, gif or jpeg; the server checks the bytes): uploaded as soon as it is chosen, with its progress,
 * and shown as a preview from the file itself, so the member sees what they are sending.
 */
export function SlipUpload({ value, onChange, error }: SlipUploadProps) {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const picker = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    onChange('');
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const name = await uploadSlip(file, setProgress, controller.signal);
      onChange(name);
    } catch (cause) {
      if (controller.signal.aborted) return;
      setFailure(cause instanceof ApiError && cause.status > 0 ? errorText(cause) : text.uploadFailed);
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  return (
    <Box>
      <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
        {text.slip}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => picker.current?.click()}>
            {value || preview ? text.changeSlip : text.chooseSlip}
          </Button>
          {/* Opened by the button: one Tab stop, and no hidden box laid out where it could stretch the dialog. */}
          <input
            ref={picker}
            type="file"
            accept={ACCEPT}
            name="slip"
            hidden
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <FormHelperText>{text.slipTypes}</FormHelperText>
          {progress !== null && (
            <Box sx={{ mt: 1, width: 200 }} role="status">
              <LinearProgress variant="determinate" value={progress} aria-label={text.uploading(progress)} />
              <Typography variant="caption">{text.uploading(progress)}</Typography>
            </Box>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
          {error && !failure && <FormHelperText error>{error}</FormHelperText>}
        </Box>
        {preview && (
          <Box
            component="img"
            src={preview}
            alt={text.slipPreview}
            data-uploaded={value ? 'true' : 'false'}
            sx={{
              maxWidth: 160,
              maxHeight: 220,
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              opacity: value ? 1 : 0.6,
            }}
          />
        )}
      </Box>
    </Box>
  );
}
