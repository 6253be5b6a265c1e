import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ComponentType, type InputHTMLAttributes, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithReload } from '../../lib/lazy-with-reload';
import type { CourseAutocompleteProps } from './CourseAutocomplete';

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

let loading: Promise<ComponentType<CourseAutocompleteProps>> | null = null;
// The autocomplete (MUI's useAutocomplete and the search query) is about 5 KB gzipped: it loads when the shopper
// first reaches for the field, not with the page.
const loadAutocomplete = () => {
  loading ??= importWithReload(() => import('./CourseAutocomplete').then((m) => m.CourseAutocomplete));
  return loading;
};

/**
 * The top-bar course search. Until the shopper points at, touches or focuses it, a plain field; then the
 * autocomplete takes its place in one step, with what was typed meanwhile and the focus.
 */
export function CourseSearch() {
  const [Autocomplete, setAutocomplete] = useState<ComponentType<CourseAutocompleteProps> | null>(null);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const want = () => {
    if (!Autocomplete) void loadAutocomplete().then((component) => setAutocomplete(() => component));
  };
  return (
    <Box sx={{ position: 'relative', width: '100%' }}>
      {Autocomplete ? (
        <Autocomplete initialInput={typed} takeFocus={focused} />
      ) : (
        <SearchField
          inputProps={{
            value: typed,
            onChange: (event) => setTyped(event.target.value),
            onFocus: () => {
              setFocused(true);
              want();
            },
            onBlur: () => setFocused(false),
            onPointerEnter: want,
            onTouchStart: want,
          }}
        />
      )}
    </Box>
  );
}
