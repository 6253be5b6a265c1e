import SearchIcon from '@mui/icons-material/Search';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type InputHTMLAttributes, useCallback } from 'react';
import { useTranslation } from '../../i18n';

/** The search field's look, shared by the stand-in below and the autocomplete that replaces it. */
export function SearchField({
  inputProps,
  takeFocus,
}: {
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  /** Focus the field once mounted, the caret after the text (the autocomplete taking over from the stand-in). */
  takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  // A stable callback: it runs when the input mounts, not on every render (that would pull the focus back).
  const focusOnMount = useCallback(
    (input: HTMLInputElement | null) => {
      if (!takeFocus || !input) return;
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    },
    [takeFocus],
  );
  return (
    <OutlinedInput
      size="small"
      fullWidth
      placeholder={t('search.label')}
      startAdornment={<SearchIcon color="action" sx={{ mr: 1 }} />}
      inputRef={focusOnMount}
      inputProps={{ ...inputProps, 'aria-label': t('search.label') }}
    />
  );
}
