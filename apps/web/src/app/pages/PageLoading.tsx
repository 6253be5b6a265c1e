import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded page's code arrives. */
export function PageLoading() {
  const { t } = useTranslation();
  return <LinearProgress aria-label={t('common.loading')} />;
}
