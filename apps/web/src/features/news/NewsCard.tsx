import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { cardMediaSx } from '../../components/card-media';
import { Img } from '../../components/img';
import { useLang } from '../../i18n/texts';
import { type News, newsCardImage } from './api';
import { formatNewsDate, useNewsTexts } from './texts';

export const newsGridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

/** A news item in a list: picture, date, title and the first lines of its summary; the whole card links. */
export function NewsCard({ item, headingLevel = 'h2' }: { item: News; headingLevel?: 'h2' | 'h3' }) {
  const lang = useLang();
  const text = useNewsTexts();
  const image = newsCardImage(item);
  return (
    <Card component="article" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/news/${item.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {image ? (
          // The title says it all; the picture is decoration for a screen reader.
          <Img src={image} alt="" loading="lazy" width={640} height={360} sx={cardMediaSx} />
        ) : (
          <Box role="img" aria-label={text.imageMissing} sx={cardMediaSx} />
        )}
        <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={item.create_at}>
            {formatNewsDate(item.create_at, lang)}
          </Typography>
          <Typography variant="h6" component={headingLevel} sx={{ lineHeight: 1.4 }}>
            {item.news_title}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {item.news_detail}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function NewsCardSkeletons({ count }: { count: number }) {
  return (
    <Box sx={newsGridSx} aria-busy>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={i} variant="rounded" height={340} />
      ))}
    </Box>
  );
}

/** The cards of a news list, as a list for screen readers. */
export function NewsGrid({ items, headingLevel }: { items: News[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Box component="ul" sx={newsGridSx}>
      {items.map((item) => (
        <li key={item.id}>
          <NewsCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </Box>
  );
}
