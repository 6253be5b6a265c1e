import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { DIALOG_WIDTH } from '@sikkha/contract/rules';
import { type ComponentType, Fragment, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fullScreenOnPhoneSx } from '../../components/dialog-paper';
import { Later } from '../../components/Later';
import { usePageTitle } from '../../hooks/use-page-title';
import { ORDER_HASH } from '../../lib/course-paths';
import { leftServerMarkup } from '../../lib/server-markup';
import type { CourseView } from './api';
import { CoachBios } from './CoachBios';
import { CourseQuizzes } from './CourseQuizzes';
import { CourseReviews } from './CourseReviews';
import { CourseTabs } from './CourseTabs';
import { DrawnByServer } from './drawn-by-server';
import { LessonArea } from './LessonArea';
import { PaymentArea } from './PaymentArea';
import { initialLessonIndex } from './payment-action';
import { useQuizTexts } from './quizzes-texts';
import { useReviewTexts } from './reviews-texts';
import { StudyGroups } from './StudyGroups';
import { useCourseTexts } from './texts';

/** The order dialog the price button opens: checkout's, handed down by the app (a feature never imports another). */
export type OrderDialogComponent = ComponentType<{
  open: boolean;
  product: CourseView['product'];
  onClose: () => void;
}>;

interface CourseDialogProps {
  view: CourseView;
  /** The lesson (video id) the address asks to open at, or null. */
  lessonVideoId: number | null;
  open: boolean;
  onClose: () => void;
  OrderDialog: OrderDialogComponent;
  /** The server drew this dialog in the page's markup (a shared /product/{title} link): it hydrates in place. */
  serverMarkup: boolean;
}

/**
 * Spec §2 "Course detail dialog": title bar with close, the player with its lesson list, the remaining days, the
 * payment action area, the course tabs, the study groups, the coach biography and a Close button. The backdrop
 * and Escape close it too. Maximum width 1500; the whole screen on phones.
 */
export function CourseDialog({ view, lessonVideoId, open, onClose, OrderDialog, serverMarkup }: CourseDialogProps) {
  const text = useCourseTexts();
  const reviewText = useReviewTexts();
  const quizText = useQuizTexts();
  const titleId = useId();
  const [lesson, setLesson] = useState(() => initialLessonIndex(view, lessonVideoId));
  // The dialog stays mounted between openings of the same course: a new "resume" link moves it to its lesson.
  const [askedLesson, setAskedLesson] = useState(lessonVideoId);
  if (lessonVideoId !== askedLesson) {
    setAskedLesson(lessonVideoId);
    if (lessonVideoId !== null) setLesson(initialLessonIndex(view, lessonVideoId));
  }
  const [ordering, setOrdering] = useState(false);
  const [orderLoaded, setOrderLoaded] = useState(false);
  // Leaving the course (a link, the back button) leaves the order too.
  if (!open && ordering) setOrdering(false);
  // Back to an unfinished order (signed in again after the sign-in ended under it): the order dialog opens at once.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!open || location.hash !== ORDER_HASH) return;
    setOrderLoaded(true);
    setOrdering(true);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [open, location.hash, location.pathname, location.search, navigate]);
  const title = view.product.product_title ?? '';
  // The tab's title names the open course, as the server writes it for a shared /product/{title} link.
  usePageTitle(open ? title : null);

  // Drawn by the server, the dialog stays where the markup has it (a portal renders only in the browser), so the
  // course page is painted with the HTML and hydrated once instead of drawn again over the hydrated home page.
  // Its siblings (the whole page) are what a screen reader leaves out while it is open; the page behind stays still
  // by the stylesheet (app/page.css), which MUI's lock of a dialog opened over this one never saves or restores.
  const [inPlace] = useState(serverMarkup);
  // Only this first dialog was in the server's markup: the same course opened again later is drawn by the browser.
  useEffect(() => {
    if (inPlace) leftServerMarkup();
  }, [inPlace]);
  const root = useRef<HTMLDivElement>(null);
  // What the server drew hydrates as it is; only a dialog drawn in the browser leaves its lower half for later.
  const Below = inPlace ? Fragment : Later;

  const isBuyer = view.state === 'finish';
  return (
    <Dialog
      ref={root}
      {...(inPlace && {
        disablePortal: true,
        container: () => root.current?.parentElement ?? null,
        disableScrollLock: true,
        // While open, the page behind does not scroll, nor is it laid out on a phone, where this covers the screen.
        'data-covers-page': open ? '' : undefined,
        // Shown as the server drew it: no fade-in of what is already on the screen.
        slotProps: { transition: { appear: false }, backdrop: { appear: false } as object },
      })}
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      fullWidth
      scroll="paper"
      // Full screen on phones by CSS (useMediaQuery would render twice on open).
      sx={fullScreenOnPhoneSx(DIALOG_WIDTH.course)}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, fontWeight: 700, lineHeight: 1.35 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={text.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        <DrawnByServer value={inPlace}>
          <LessonArea view={view} index={lesson} onSelect={setLesson} open={open} />
        </DrawnByServer>
        <PaymentArea
          view={view}
          onBuy={() => {
            setOrderLoaded(true);
            setOrdering(true);
          }}
        />
        <Below>
          <Divider />
          <Section title={text.tabsLabel}>
            <CourseTabs tabs={view.tabs} canDownload={isBuyer} />
          </Section>
          <Section title={text.groups}>
            <StudyGroups groups={view.groups} isBuyer={isBuyer} />
          </Section>
          <Section title={text.coaches}>
            <CoachBios coaches={view.coaches} />
          </Section>
          {isBuyer && (
            <Section title={quizText.heading}>
              <CourseQuizzes productId={view.product.id} />
            </Section>
          )}
          <Section title={reviewText.heading}>
            <CourseReviews productId={view.product.id} />
          </Section>
        </Below>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" onClick={onClose}>
          {text.close}
        </Button>
      </DialogActions>
      {orderLoaded && (
        <Suspense fallback={null}>
          <OrderDialog open={open && ordering} product={view.product} onClose={() => setOrdering(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ pt: 3 }}>
      <Typography id={id} variant="h6" component="h3" gutterBottom sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
