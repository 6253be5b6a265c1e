import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatBaht } from '@sikkha/contract/rules';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { type Product, productMiniUrl, useProducts } from '../../api/catalogue';
import { offeredPayments, useCheckoutSettings, usePaymentTypes } from '../../api/payment-methods';
import { Img } from '../../components/img';
import { usePageTitle } from '../../hooks/use-page-title';
import { courseOverPage, OVERLAY_STATE } from '../../lib/course-paths';
import { usePagesTexts } from './texts';

const thumbSx = {
  width: { xs: 96, sm: 160 },
  aspectRatio: '16 / 9',
  height: 'auto',
  objectFit: 'cover',
  borderRadius: 1,
  bgcolor: 'grey.200',
  flexShrink: 0,
} as const;

function PriceRow({ product }: { product: Product }) {
  const text = usePagesTexts().pricing;
  const title = product.product_title ?? '';
  // The course opens over this list, so closing it comes back here (to the same scroll place).
  const location = useLocation();
  return (
    <Card component="article" variant="outlined">
      <CardActionArea
        component={RouterLink}
        to={courseOverPage(location, product.id)}
        state={OVERLAY_STATE}
        preventScrollReset
        sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, justifyContent: 'flex-start' }}
      >
        {product.product_img_mini ? (
          <Img
            src={productMiniUrl(product.product_img_mini)}
            alt=""
            loading="lazy"
            width={320}
            height={180}
            sx={thumbSx}
          />
        ) : (
          <Box sx={thumbSx} />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.4 }}>
            {title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {product.product_disable === 'Y' && <Chip size="small" color="secondary" label={text.comingSoon} />}
            {product.product_coin_pay === 'Y' && <Chip size="small" variant="outlined" label={text.coinPay} />}
            {product.product_book === 'Y' && <Chip size="small" variant="outlined" label={text.book} />}
          </Box>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography
            component="p"
            sx={{ fontWeight: 700, color: 'primary.main', fontSize: { xs: '1rem', sm: '1.25rem' } }}
          >
            {product.product_price === null ? '' : formatBaht(product.product_price)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {text.details}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** The ways to pay the shop takes now: the payment types staff have on that the shop can take (as the dialog offers). */
function PaymentMethods() {
  const text = usePagesTexts().pricing;
  const types = usePaymentTypes();
  const settings = useCheckoutSettings();
  if (types.error || settings.error) return <Alert severity="error">{text.methodsError}</Alert>;
  if (!types.data || !settings.data) return <Skeleton variant="rounded" height={96} />;
  const methods = offeredPayments(types.data, settings.data);
  return (
    <>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {methods.map((method) => (
          <Typography component="li" key={method}>
            {text.methods[method]}
          </Typography>
        ))}
      </Box>
      {methods.includes('transfer') && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {text.transferNote}
        </Typography>
      )}
    </>
  );
}

/** /pricing/:type?/:id? — every course on show with its price; type 'category' with an id narrows it. */
export function PricingPage() {
  const text = usePagesTexts().pricing;
  const { type, id } = useParams();
  const products = useProducts();
  const { title } = text;
  usePageTitle(title);

  const categoryId = type === 'category' && id ? Number(id) : null;
  const shown = products.data?.filter(
    (product) => categoryId === null || (product.product_category_list ?? []).includes(categoryId),
  );

  let list: ReactNode;
  if (products.error) {
    list = (
      <Alert severity="error">
        {text.loadError}: {products.error.message}
      </Alert>
    );
  } else if (!shown) {
    list = [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={110} />);
  } else if (shown.length === 0) {
    list = <Alert severity="info">{text.empty}</Alert>;
  } else {
    list = shown.map((product) => <PriceRow key={product.id} product={product} />);
  }

  return (
    <Container sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{text.intro}</Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 5 }}>
        <Paper component="section" variant="outlined" sx={{ p: 3 }} aria-labelledby="pricing-access">
          <Typography id="pricing-access" variant="h6" component="h2" gutterBottom>
            {text.accessTitle}
          </Typography>
          <Typography>{text.access}</Typography>
        </Paper>
        <Paper component="section" variant="outlined" sx={{ p: 3 }} aria-labelledby="pricing-methods">
          <Typography id="pricing-methods" variant="h6" component="h2" gutterBottom>
            {text.methodsTitle}
          </Typography>
          <PaymentMethods />
        </Paper>
      </Box>
      <Box component="section" aria-labelledby="pricing-list">
        <Typography id="pricing-list" variant="h5" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
          {text.listTitle}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2 }} aria-busy={!shown && !products.error}>
          {list}
        </Box>
      </Box>
    </Container>
  );
}
