import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { COURSE_PARAM, courseRequestOf, LESSON_PARAM, lessonRequestOf } from '../../lib/course-paths';
import { inServerMarkup } from '../../lib/server-markup';
import { type CourseView, useCourseView } from './api';
import { CourseDialog, type OrderDialogComponent } from './CourseDialog';
import { useCourseTexts } from './texts';

// The paper takes the focus on open (tabindex -1, never reached by keyboard): no focus ring around it.

/**
 * Spec §4 "Opening a course": the loading dialog 'Please stand by' while the course loads, then the course dialog.
 * The address says which course is open (/product/{title} over the home page, ?course={id} over a list), so a
 * link can be shared and the back button closes the dialog.
 */
export function CourseHost({ OrderDialog }: { OrderDialog: OrderDialogComponent }) {
  const location = useLocation();
  const navigate = useNavigate();
  const request = courseRequestOf(location.pathname, location.search);
  const view = useCourseView(request);

  // The last course stays mounted after closing, so the dialog can play its closing transition.
  const [shown, setShown] = useState<CourseView | null>(null);
  if (view.data && view.data !== shown && request) setShown(view.data);

  const close = useCallback(() => {
    // Opened by a click inside the shop: going back leaves the history as it was before the click.
    if ((location.state as { overlay?: boolean } | null)?.overlay) {
      void navigate(-1);
      return;
    }
    const params = new URLSearchParams(location.search);
    params.delete(COURSE_PARAM);
    params.delete(LESSON_PARAM);
    const search = params.toString();
    const pathname = location.pathname.startsWith('/product/') ? '/' : location.pathname;
    void navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
  }, [location, navigate]);

  const loading = request !== null && view.isPending;
  // An ended session is said by the token-expired dialog (spec §4), not as a course that failed to load.
  const sessionEnded = view.error instanceof ApiError && view.error.code === 'TOKEN_EXPIRED';
  const failed = request !== null && view.isError && !sessionEnded;
  return (
    <>
      <StandByDialog open={loading} onClose={close} />
      <FailedDialog open={failed} error={view.error} onClose={close} onRetry={() => void view.refetch()} />
      {shown && (
        <CourseDialog
          key={shown.product.id}
          view={shown}
          lessonVideoId={lessonRequestOf(location.search)}
          open={request !== null && !failed && view.data === shown}
          onClose={close}
          OrderDialog={OrderDialog}
          serverMarkup={inServerMarkup(location.pathname + location.search)}
        />
      )}
    </>
  );
}

function StandByDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = useCourseTexts();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="course-standby-title" maxWidth="xs">
      <DialogTitle id="course-standby-title">{text.standBy}</DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', pb: 3 }}>
        <CircularProgress aria-label={text.standBy} />
      </DialogContent>
    </Dialog>
  );
}

function FailedDialog({
  open,
  error,
  onClose,
  onRetry,
}: {
  open: boolean;
  error: Error | null;
  onClose: () => void;
  onRetry: () => void;
}) {
  const text = useCourseTexts();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="course-failed-title" maxWidth="xs" fullWidth>
      <DialogTitle id="course-failed-title">{missing ? text.notFoundTitle : text.loadError}</DialogTitle>
      <DialogContent>
        <Alert severity={missing ? 'info' : 'error'}>{missing ? text.notFound : error?.message}</Alert>
      </DialogContent>
      <DialogActions>
        {!missing && <Button onClick={onRetry}>{text.retry}</Button>}
        <Button variant="contained" onClick={onClose} autoFocus>
          {text.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
