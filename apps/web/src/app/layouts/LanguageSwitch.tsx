import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { changeLanguage, LANGUAGES, type Lang, useTranslation } from '../../i18n';

export function LanguageSwitch() {
  const { t, lang } = useTranslation();
  return (
    <ToggleButtonGroup
      value={lang}
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
