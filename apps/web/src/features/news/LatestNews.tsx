import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useLatestNews } from './api';
import { NewsCardSkeletons, NewsGrid } from './NewsCard';
import { useNewsTexts } from './texts';

const LATEST_COUNT = 3;

/**
 * The home page's "latest news" section (newsLimit?limit=3), with a link to all news. It keeps out of the way:
 * nothing is shown when there is no news or the list cannot load.
 */
export function LatestNews() {
  const text = useNewsTexts();
  const news = useLatestNews(LATEST_COUNT);
  if (news.error || (news.data && news.data.length === 0)) return null;
  return (
    <Box component="section" aria-labelledby="latest-news-title">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="latest-news-title" variant="h4" component="h2" gutterBottom>
          {text.latest}
        </Typography>
        <Button component={RouterLink} to="/allNews">
          {text.seeAll}
        </Button>
      </Box>
      {news.data ? <NewsGrid items={news.data} headingLevel="h3" /> : <NewsCardSkeletons count={LATEST_COUNT} />}
    </Box>
  );
}
