import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Img } from '../../components/img';
import { wrapLongStrings } from '../../components/text-wrap';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLang } from '../../i18n/texts';
import { type News, newsGalleryUrl, newsHeadImage, newsTags, useNewsArticle, useNewsImages } from './api';
import { formatNewsDate, useNewsTexts } from './texts';

const imageSx = {
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: 2,
  bgcolor: 'grey.200',
} as const;

/** The server's ids are positive integers; anything else is a missing article without asking. */
function articleId(param: string | undefined): number | null {
  return param && /^\d{1,9}$/.test(param) ? Number(param) : null;
}

/** /news/:id — one news article: head picture, title, date, text, gallery and tags. */
export function NewsArticlePage() {
  const text = useNewsTexts();
  const id = articleId(useParams().id);
  const article = useNewsArticle(id);
  const missing =
    id === null ||
    (article.error instanceof ApiError && (article.error.status === 404 || article.error.status === 400));
  usePageTitle(missing ? text.notFoundTitle : article.data?.news_title);

  const back = (
    <Button component={RouterLink} to="/news" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      {text.back}
    </Button>
  );

  let body: ReactNode;
  if (missing) {
    body = (
      <Box sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {text.notFoundTitle}
        </Typography>
        <Typography color="text.secondary">{text.notFoundText}</Typography>
      </Box>
    );
  } else if (article.error) {
    body = (
      <Alert severity="error">
        {text.loadError}: {article.error.message}
      </Alert>
    );
  } else if (!article.data) {
    body = (
      <Box aria-busy>
        <Skeleton variant="rounded" sx={{ ...imageSx, height: 'auto' }} />
        <Skeleton variant="text" sx={{ fontSize: '2.5rem', mt: 2 }} />
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="80%" />
      </Box>
    );
  } else {
    body = <Article item={article.data} />;
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {back}
      {body}
    </Container>
  );
}

function Article({ item }: { item: News }) {
  const lang = useLang();
  const text = useNewsTexts();
  const head = newsHeadImage(item);
  const tags = newsTags(item);
  const paragraphs = (item.news_content ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

  return (
    <Box component="article" sx={{ ...wrapLongStrings }}>
      {/* The article's largest paint: first among the page's pictures. */}
      {head && <Img src={head} alt="" width={1280} height={720} fetchPriority="high" sx={{ ...imageSx, mb: 3 }} />}
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, lineHeight: 1.35, fontSize: { xs: '1.6rem', md: '2.125rem' } }}
      >
        {item.news_title}
      </Typography>
      <Typography color="text.secondary" component="time" dateTime={item.create_at} sx={{ display: 'block', mb: 3 }}>
        {formatNewsDate(item.create_at, lang)}
      </Typography>
      {item.news_detail && (
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500, mb: 2 }}>
          {item.news_detail}
        </Typography>
      )}
      {paragraphs.map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
        <Typography key={i} sx={{ mb: 2, lineHeight: 1.8 }}>
          {paragraph}
        </Typography>
      ))}
      <Gallery newsId={item.id} title={item.news_title ?? ''} />
      {tags.length > 0 && (
        <Stack
          direction="row"
          useFlexGap
          component="ul"
          aria-label={text.tags}
          sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, mt: 3 }}
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Chip label={tag} variant="outlined" />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The article's extra pictures (newsImageByNewsId), each with its caption. */
function Gallery({ newsId, title }: { newsId: number; title: string }) {
  const text = useNewsTexts();
  const images = useNewsImages(newsId);
  const items = (images.data ?? []).filter((image) => image.news_image_path);
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="news-gallery" sx={{ mt: 4 }}>
      <Typography id="news-gallery" variant="h6" component="h2" gutterBottom>
        {text.gallery}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        {items.map((image) => (
          <Box component="figure" key={image.id} sx={{ m: 0 }}>
            <Img
              src={newsGalleryUrl(image.news_image_path ?? '')}
              alt={image.news_image_title || title}
              loading="lazy"
              width={800}
              height={450}
              sx={imageSx}
            />
            {(image.news_image_title || image.news_image_detail) && (
              <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {image.news_image_detail || image.news_image_title}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
