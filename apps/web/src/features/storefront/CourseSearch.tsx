import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useAutocomplete from '@mui/material/useAutocomplete';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Product, useProducts } from '../../api/catalogue';
import { coursePath } from './paths';

/**
 * A plain substring match: Thai has no letter case and no spaces between words, so MUI's default matching
 * adds nothing. NFC makes vowel and tone marks typed in a different order compare equal.
 */
const normalize = (text: string) => text.normalize('NFC').toLocaleLowerCase('th').trim();

function filterByTitle(products: Product[], { inputValue }: { inputValue: string }) {
  const query = normalize(inputValue);
  return query ? products.filter((product) => normalize(product.product_title ?? '').includes(query)) : products;
}

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

/**
 * The top-bar course search; choosing a course opens its page. Built on MUI's headless useAutocomplete rather
 * than <Autocomplete>: it keeps the combobox keyboard and ARIA behaviour while leaving TextField, Select and
 * Popper out of the first-load bundle.
 */
export function CourseSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: products = [], isPending } = useProducts();
  const { getRootProps, getInputProps, getListboxProps, getOptionProps, groupedOptions, popupOpen } = useAutocomplete({
    options: products,
    getOptionLabel: (product) => product.product_title ?? '',
    getOptionKey: (product) => product.id,
    filterOptions: filterByTitle,
    onChange: (_, product) => {
      if (product) void navigate(coursePath(product.product_title ?? ''));
    },
  });

  const status = isPending ? t('common.loading') : t('search.noOptions');
  return (
    <Box {...getRootProps()} sx={{ position: 'relative', width: '100%' }}>
      <OutlinedInput
        size="small"
        fullWidth
        placeholder={t('search.label')}
        startAdornment={<SearchIcon color="action" sx={{ mr: 1 }} />}
        inputProps={{ ...getInputProps(), 'aria-label': t('search.label') }}
      />
      {popupOpen &&
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
