import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RatingSummary } from '@sikkha/contract';
import { defineTexts } from '../i18n/texts';

interface RatingTexts {
  /** Read aloud and shown on hover: the whole rating in words. */
  label: (average: string, count: number) => string;
  count: (count: number) => string;
}

const useRatingTexts = defineTexts<RatingTexts>('ratings', {
  th: {
    label: (average, count) => `คะแนนเฉลี่ย ${average} จาก 5 ดาว จาก ${count.toLocaleString('th-TH')} รีวิว`,
    count: (count) => `${count.toLocaleString('th-TH')} รีวิว`,
  },
  en: {
    label: (average, count) =>
      `Rated ${average} out of 5 from ${count.toLocaleString('en-GB')} review${count === 1 ? '' : 's'}`,
    count: (count) => `${count.toLocaleString('en-GB')} review${count === 1 ? '' : 's'}`,
  },
});

/**
 * A course's rating in one line: a star, the average with one decimal and the count, read as one sentence. Plain
 * text and one glyph, so the cards of the first load carry no rating widget.
 */
export function RatingLine({ rating }: { rating: RatingSummary }) {
  const text = useRatingTexts();
  const average = rating.average.toFixed(1);
  return (
    <Box
      role="img"
      aria-label={text.label(average, rating.count)}
      title={text.label(average, rating.count)}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <Box component="span" aria-hidden sx={{ color: '#b26a00', fontSize: '1.1em', lineHeight: 1 }}>
        ★
      </Box>
      <Typography component="span" variant="body2" aria-hidden sx={{ fontWeight: 700 }}>
        {average}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" aria-hidden>
        {`(${text.count(rating.count)})`}
      </Typography>
    </Box>
  );
}
