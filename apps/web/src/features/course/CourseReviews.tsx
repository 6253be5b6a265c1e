import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { REVIEW_TEXT_MAX, type ReviewSort, type ReviewView } from '@sikkha/contract';
import { type FormEvent, useState } from 'react';
import { useFieldErrors } from '../../api/field-errors';
import { useSession } from '../../api/session';
import { RatingLine } from '../../components/RatingLine';
import { useLang } from '../../i18n/texts';
import { shortDate } from '../../lib/dates';
import {
  REVIEWS_PAGE_SIZE,
  useDeleteReview,
  useMarkHelpful,
  useMyReview,
  useReviewPage,
  useSaveReview,
} from './reviews-api';
import { useReviewTexts } from './reviews-texts';

/** The buyer's own review: write it, rewrite it, delete it. */
function ReviewForm({
  productId,
  own,
  save,
}: {
  productId: number;
  own: (ReviewView & { state: string }) | null;
  /** The parent's: the form starts anew once the saved review arrives, and the saved note must outlive that. */
  save: ReturnType<typeof useSaveReview>;
}) {
  const text = useReviewTexts();
  const remove = useDeleteReview();
  const [rating, setRating] = useState<number | null>(own?.rating ?? null);
  const [body, setBody] = useState(own?.text ?? '');
  const errors = useFieldErrors(save.error ?? remove.error, ['rating', 'text']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // No rating is sent as 0, so the server's Thai sentence says what is missing under the stars.
    save.mutate({ product_id: productId, rating: rating ?? 0, text: body });
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={own ? text.yourReview : text.writeReview}
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2, mb: 2 }}
    >
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
        {own ? text.yourReview : text.writeReview}
      </Typography>
      {own?.state === 'hidden' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {text.hiddenByStaff}
        </Alert>
      )}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="body2">
          {text.ratingLabel}
        </Typography>
        <Rating
          name={`review-rating-${productId}`}
          value={rating}
          onChange={(_event, value) => setRating(value)}
          getLabelText={(value) => text.stars(value)}
          size="large"
        />
      </Box>
      {errors.rating && (
        <Typography role="alert" variant="body2" color="error" sx={{ mb: 1 }}>
          {errors.rating}
        </Typography>
      )}
      <TextField
        label={text.textLabel}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        margin="normal"
        error={errors.text !== undefined}
        helperText={errors.text ?? `${body.length.toLocaleString()} / ${REVIEW_TEXT_MAX.toLocaleString()}`}
        slotProps={{ htmlInput: { maxLength: REVIEW_TEXT_MAX + 100 } }}
      />
      {errors.other && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {errors.other}
        </Alert>
      )}
      {save.isSuccess && !save.isPending && (
        <Alert severity="success" role="status" sx={{ mb: 1 }}>
          {text.saved}
        </Alert>
      )}
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? text.saving : own ? text.update : text.save}
        </Button>
        {own && (
          <Button
            color="error"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(text.removeConfirm)) {
                remove.mutate(own.id, {
                  onSuccess: () => {
                    setRating(null);
                    setBody('');
                    save.reset();
                  },
                });
              }
            }}
          >
            {text.remove}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

function ReviewItem({
  review,
  mayMark,
  marked,
  onMark,
}: {
  review: ReviewView;
  mayMark: boolean;
  marked: boolean;
  onMark: () => void;
}) {
  const text = useReviewTexts();
  const lang = useLang();
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography component="span" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {review.reviewer}
        </Typography>
        <Rating value={review.rating} readOnly size="small" aria-label={text.stars(review.rating)} />
        <Typography component="span" variant="caption" color="text.secondary">
          {shortDate(review.create_at, lang)}
          {review.update_at !== review.create_at && ` · ${text.edited}`}
        </Typography>
      </Stack>
      {/* Plain text: React escapes it, and line breaks stay as the member typed them. */}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 0.5 }}>
        {review.text}
      </Typography>
      {mayMark ? (
        <Button size="small" variant="outlined" onClick={onMark} disabled={marked} aria-pressed={marked}>
          {marked ? `${text.marked} · ${review.helpful}` : `${text.markHelpful} (${review.helpful})`}
        </Button>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {text.helpful(review.helpful)}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The course dialog's reviews: the rating, the buyer's own review, and the shown reviews, newest or most helpful
 * first, a page at a time. Members mark others' reviews helpful once.
 */
export function CourseReviews({ productId }: { productId: number }) {
  const text = useReviewTexts();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const reviews = useReviewPage(productId, sort, page);
  const session = useSession();
  const mine = useMyReview(productId);
  const mark = useMarkHelpful();
  const save = useSaveReview();
  const answer = reviews.data;
  const pages = answer ? Math.ceil(answer.total / REVIEWS_PAGE_SIZE) : 0;
  const own = mine.data?.review ?? null;
  const marked = new Set(mine.data?.helpful ?? []);
  const signedInMember = session.user !== null;
  return (
    <Box>
      {answer && answer.summary.count > 0 && (
        <Box sx={{ mb: 1.5 }}>
          <RatingLine rating={answer.summary} />
        </Box>
      )}
      {mine.data?.mayReview && <ReviewForm key={own?.id ?? 'new'} productId={productId} own={own} save={save} />}
      {mine.data && !mine.data.mayReview && !own && signedInMember && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {text.buyersOnly}
        </Typography>
      )}
      {!session.isSignedIn && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {text.signInToReview}
        </Typography>
      )}
      {reviews.isError && (
        <Alert severity="error" role="alert">
          {text.loadError}
        </Alert>
      )}
      {answer && answer.total === 0 && (
        <Typography variant="body2" color="text.secondary">
          {text.none}
        </Typography>
      )}
      {answer && answer.total > 0 && (
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={sort}
            aria-label={text.sortLabel}
            onChange={(_event, value: ReviewSort | null) => {
              if (!value) return;
              setSort(value);
              setPage(1);
            }}
          >
            <ToggleButton value="newest">{text.newest}</ToggleButton>
            <ToggleButton value="helpful">{text.helpfulFirst}</ToggleButton>
          </ToggleButtonGroup>
          <Box component="ul" aria-label={text.heading} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {answer.data.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                mayMark={signedInMember && own?.id !== review.id}
                marked={marked.has(review.id)}
                onMark={() => mark.mutate(review.id)}
              />
            ))}
          </Box>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_event, value) => setPage(value)}
              aria-label={text.pages}
              sx={{ mt: 1.5 }}
            />
          )}
        </>
      )}
    </Box>
  );
}
