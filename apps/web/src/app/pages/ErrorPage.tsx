import { useTranslation } from '../../i18n';
import { MessagePage } from './MessagePage';

/** The router's errorElement: any error thrown while rendering or loading a route. */
export function ErrorPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  return <MessagePage title={t('errors.errorTitle')} text={t('errors.errorText')} standalone={standalone} />;
}
