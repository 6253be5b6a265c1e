import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Lang } from '../../i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      value={i18n.language}
      exclusive
      size="small"
      aria-label={t('language.label')}
      onChange={(_, lng: Lang | null) => lng && changeLanguage(lng)}
    >
      {LANGUAGES.map((lng) => (
        <ToggleButton key={lng} value={lng} lang={lng} title={t(`language.${lng}`)} sx={{ px: 1.25, py: 0.5 }}>
          {lng.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
