import { useTranslation } from '../../i18n';
import { MessagePage } from './MessagePage';

export function NotFound() {
  const { t } = useTranslation();
  return <MessagePage title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} />;
}
