import UploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import { fileUrl, type UploadKind, uploadKinds } from '@sikkha/contract';
import { useId, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useProtectedFile } from './protected-file';
import { uploadFiles } from './upload';

const previewSx = { width: 120, height: 80, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' };

/** A file only its uploader and staff may see (a slip): fetched with the staff token, as an `<img>` cannot send it. */
function ProtectedPreview({ serve, name, alt }: { serve: string; name: string; alt: string }) {
  const { url, failed } = useProtectedFile(serve, name);
  return url ? (
    <Box component="img" src={url} alt={alt} sx={previewSx} />
  ) : (
    <Box sx={{ ...previewSx, display: 'grid', placeItems: 'center' }}>
      <Typography variant="caption">{failed ? '!' : '…'}</Typography>
    </Box>
  );
}

interface Props {
  source: string;
  /** The upload kind's endpoint (ProductMini, Coach, PdfProduct, ...). */
  endpoint: string;
  label?: string;
  /** Show the picture; documents show their name. */
  image?: boolean;
}

/**
 * A stored-file field: choose a file, it is uploaded at once (with progress), the field takes the name the server
 * gave it and shows a preview. The file's type and size are checked by the server, whose message shows here.
 */
export function UploadInput({ source, endpoint, label, image = true }: Props) {
  const { field, fieldState } = useInput({ source });
  const translate = useTranslate();
  const id = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const kind = (uploadKinds as readonly UploadKind[]).find((k) => k.endpoint === endpoint);
  const types = image
    ? (kind?.types ?? [])
    : [...(kind?.media?.types ?? []), ...(kind?.media ? [] : (kind?.types ?? []))];
  const accepted = types.map((t) => (t === 'jpeg' ? '.jpg,.jpeg' : `.${t}`)).join(',');
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  const title = label ?? translate(`resources.product.fields.${source}`, { _: source });

  async function choose(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    setPercent(0);
    try {
      const stored = await uploadFiles(endpoint, [file], setPercent);
      field.onChange(Array.isArray(stored) ? stored[0] : stored);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setPercent(null);
    }
  }

  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <Typography variant="body2" component="label" htmlFor={id} sx={{ display: 'block', mb: 0.5 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        {image && value && kind ? (
          kind.access === 'public' ? (
            <Box component="img" src={fileUrl(kind.serve, value)} alt={title} sx={previewSx} />
          ) : (
            <ProtectedPreview serve={kind.serve} name={value} alt={title} />
          )
        ) : image ? (
          <Box
            sx={{ width: 120, height: 80, display: 'grid', placeItems: 'center', border: 1, borderColor: 'divider' }}
          >
            <Typography variant="caption" color="text.secondary">
              {translate('admin.form.noImage')}
            </Typography>
          </Box>
        ) : (
          value && <Typography variant="body2">{value}</Typography>
        )}
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<UploadIcon />}
          disabled={percent !== null}
        >
          {translate(image ? 'admin.form.upload' : 'admin.form.uploadFile')}
          <input
            id={id}
            hidden
            type="file"
            accept={accepted}
            onChange={(event) => {
              void choose(event.target.files);
              event.target.value = '';
            }}
          />
        </Button>
        {value && (
          <Button size="small" onClick={() => field.onChange(null)}>
            {translate('admin.form.remove')}
          </Button>
        )}
      </Stack>
      {percent !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={percent} />
          <Typography variant="caption">{translate('admin.form.uploading', { percent })}</Typography>
        </Box>
      )}
      {(problem || fieldState.error) && <FormHelperText error>{problem ?? fieldState.error?.message}</FormHelperText>}
    </Box>
  );
}
