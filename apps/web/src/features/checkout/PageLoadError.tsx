import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ApiError } from '../../api/client';
import { useCheckoutTexts } from './texts';
import { useErrorText } from './use-field-message';

/**
 * An order's page that could not be loaded: an unknown or foreign reference is "no such page" (nothing to retry),
 * anything else says why and offers to try again.
 */
export function PageLoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Alert
      severity={missing ? 'info' : 'error'}
      action={
        missing ? undefined : (
          <Button color="inherit" size="small" onClick={retry}>
            {text.retry}
          </Button>
        )
      }
    >
      {missing ? text.pageMissing : `${text.loadError}: ${errorText(error)}`}
    </Alert>
  );
}
