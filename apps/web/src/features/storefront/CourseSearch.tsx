import Box from '@mui/material/Box';
import { SEARCH_MAX_LENGTH } from '@sikkha/contract/rules/catalogue';
import { type ComponentType, type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_PARAM, SEARCH_RESULTS, searchResultsPath, searchWords } from '../../lib/course-paths';
import { importWithReload } from '../../lib/lazy-with-reload';
import type { CourseAutocompleteProps } from './CourseAutocomplete';
import { SearchField } from './SearchField';

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
  const box = useRef<HTMLDivElement>(null);
  // On a server-rendered page a shopper may click the field and type before the page hydrates: the focus event
  // came before any handler, and the text is in the input, not in state. Take both over once mounted.
  useEffect(() => {
    const input = box.current?.querySelector('input');
    if (!input) return;
    if (input.value) setTyped(input.value);
    if (document.activeElement === input) {
      setFocused(true);
      void loadAutocomplete().then((component) => setAutocomplete(() => component));
    }
  }, []);
  const navigate = useNavigate();
  // Enter lists what the words find: before the page's script runs the browser submits the form and the server
  // renders the results; once hydrated, the stand-in's Enter goes there in the app (the autocomplete answers its own).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the field holds now (the stand-in names it; the autocomplete's has no name and answers its own Enter).
    const words = searchWords(String(new FormData(event.currentTarget).get(SEARCH_PARAM) ?? ''));
    if (words === '') return;
    setTyped('');
    void navigate(searchResultsPath(words));
  };
  return (
    <Box
      ref={box}
      component="form"
      role="search"
      action={SEARCH_RESULTS}
      method="get"
      onSubmit={submit}
      sx={{ position: 'relative', width: '100%' }}
    >
      {Autocomplete ? (
        <Autocomplete initialInput={typed} takeFocus={focused} />
      ) : (
        <SearchField
          inputProps={{
            name: SEARCH_PARAM,
            maxLength: SEARCH_MAX_LENGTH,
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
