import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
// The rule's own module: the rules' index would bring every rule into the first load.
import { formatBaht } from '@sikkha/contract/rules/money';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { type Product, productMiniUrl } from '../../api/catalogue';
import { useRating } from '../../api/ratings';
import { cardMediaSx } from '../../components/card-media';
import { RatingLine } from '../../components/RatingLine';
import { useTranslation } from '../../i18n';
import { coursePath, OVERLAY_STATE } from '../../lib/course-paths';

interface CourseCardProps {
  product: Product;
  /** Where the card opens the course dialog; the home page's /product/{title} unless a list page says otherwise. */
  to?: string;
  /** Below the card's link: My courses puts the member's state and pay-now links here. */
  children?: ReactNode;
  /**
   * The list's first card: on a phone its picture is the largest thing of the first screen, so it loads with the
   * page, first among pictures, instead of waiting for the layout that lazy loading needs.
   */
  first?: boolean;
}

export function CourseCard({ product, to, children, first = false }: CourseCardProps) {
  const { t } = useTranslation();
  const title = product.product_title ?? '';
  const rating = useRating(product.id);
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={RouterLink}
        to={to ?? coursePath(title)}
        state={OVERLAY_STATE}
        preventScrollReset
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {product.product_img_mini ? (
          <Box
            component="img"
            src={productMiniUrl(product.product_img_mini)}
            alt={title}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            width={640}
            height={360}
            sx={cardMediaSx}
          />
        ) : (
          <Box role="img" aria-label={t('courses.imageMissing')} sx={cardMediaSx} />
        )}
        <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              flex: 1,
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {product.product_detail}
          </Typography>
          {rating && <RatingLine rating={rating} />}
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            {product.product_price !== null && (
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
                {formatBaht(product.product_price)}
              </Typography>
            )}
            {product.product_disable === 'Y' && <Chip label={t('courses.comingSoon')} color="secondary" size="small" />}
          </Box>
        </CardContent>
      </CardActionArea>
      {children}
    </Card>
  );
}
