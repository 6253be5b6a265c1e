import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useAutocomplete from '@mui/material/useAutocomplete';
import { SEARCH_MAX_LENGTH } from '@sikkha/contract/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type Product, searchCourses } from '../../api/catalogue';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useTranslation } from '../../i18n';
import {
  courseOverPage,
  coursePath,
  courseRequestOf,
  OVERLAY_STATE,
  searchResultsPath,
  searchWords,
} from '../../lib/course-paths';
import { catalogueKeys } from '../../lib/query-keys';
import { SearchField } from './SearchField';

/** The server matches Thai text (titles, tags and descriptions, every word); the results come as the user types. */
const SEARCH_DELAY_MS = 250;
const SEARCH_LIMIT = 10;
const sameOptions = (options: Product[]) => options;

const popupSx = {
  position: 'absolute',
  top: '100%',
  insetInline: 0,
  mt: 0.5,
  zIndex: 'modal',
  maxHeight: 360,
  overflow: 'auto',
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

export interface CourseAutocompleteProps {
  /** What was typed into the field before this code arrived. */
  initialInput: string;
  /** Takes the focus over from the field it replaces. */
  takeFocus: boolean;
}

/**
 * The top-bar course search (spec §2 "Search box"): the server's Thai-aware search as the shopper types; choosing
 * a course opens its dialog. Built on MUI's headless useAutocomplete rather than <Autocomplete>: it keeps the
 * combobox keyboard and ARIA behaviour without TextField, Select and Popper. Loaded on the field's first focus
 * (CourseSearch), so none of it is in the first load.
 */
export function CourseAutocomplete({ initialInput, takeFocus }: CourseAutocompleteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [input, setInput] = useState(initialInput);
  const [open, setOpen] = useState(initialInput.trim() !== '');
  const query = searchWords(useDebouncedValue(input, SEARCH_DELAY_MS));
  const { data: products = [], isFetching } = useQuery({
    queryKey: catalogueKeys.search(query),
    queryFn: () => searchCourses(query, SEARCH_LIMIT),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
  const { getRootProps, getInputProps, getListboxProps, getOptionProps, groupedOptions, popupOpen } = useAutocomplete({
    options: query ? products : [],
    // Never holds a choice, so choosing the same course again (after closing it) opens it again.
    value: null,
    // A search keeps what was typed (on blur, and from the stand-in on mount, which MUI would otherwise reset).
    clearOnBlur: false,
    inputValue: input,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    // Choosing a course empties the box (below); MUI's reset would put the chosen title back.
    onInputChange: (_, value, reason) => {
      if (reason !== 'reset') setInput(value.slice(0, SEARCH_MAX_LENGTH));
    },
    getOptionLabel: (product) => product.product_title ?? '',
    getOptionKey: (product) => product.id,
    filterOptions: sameOptions,
    onChange: (_, product) => {
      if (!product) return;
      // Spec §2: choosing a course opens its dialog over the page the shopper is on: the home page by its
      // shareable /product/{title}, any other page with ?course={id}. A dialog already open is replaced.
      const { pathname, search, state } = location;
      const over = courseRequestOf(pathname, search) !== null;
      const home = pathname === '/' || pathname.startsWith('/product/');
      setInput('');
      void navigate(home ? coursePath(product.product_title ?? '') : courseOverPage(location, product.id), {
        replace: over,
        state: over ? state : OVERLAY_STATE,
        preventScrollReset: true,
      });
    },
  });
  const inputProps = getInputProps();
  // Enter without choosing a course lists everything the words find.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    inputProps.onKeyDown?.(event);
    const words = searchWords(input);
    if (event.key !== 'Enter' || event.defaultPrevented || words === '') return;
    event.preventDefault();
    setInput('');
    setOpen(false);
    void navigate(searchResultsPath(words));
  };

  const typing = input.trim() !== '' && (isFetching || searchWords(input) !== query);
  const status = typing ? t('common.loading') : t('search.noOptions');
  return (
    <Box {...getRootProps()} sx={{ position: 'relative', width: '100%' }}>
      <SearchField
        inputProps={{ ...inputProps, onKeyDown, maxLength: SEARCH_MAX_LENGTH, enterKeyHint: 'search' }}
        takeFocus={takeFocus}
      />
      {popupOpen &&
        input.trim() !== '' &&
        (groupedOptions.length > 0 ? (
          <Paper component="ul" elevation={8} {...getListboxProps()} sx={popupSx}>
            {(groupedOptions as Product[]).map((product, index) => {
              const { key, ...optionProps } = getOptionProps({ option: product, index });
              return (
                <Box
                  component="li"
                  key={key}
                  {...optionProps}
                  sx={{ px: 2, py: 1, cursor: 'pointer', '&.Mui-focused': { bgcolor: 'action.hover' } }}
                >
                  {product.product_title}
                </Box>
              );
            })}
          </Paper>
        ) : (
          <Paper elevation={8} sx={{ ...popupSx, px: 2, py: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {status}
            </Typography>
          </Paper>
        ))}
    </Box>
  );
}
