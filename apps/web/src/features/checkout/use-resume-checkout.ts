import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../api/session';
import { ORDER_HASH } from '../../lib/course-paths';
import { checkoutDraftFor } from './checkout-draft';

/**
 * Signed in again after the sign-in ended mid-checkout: back to the course the order dialog was open on, which
 * opens it with the kept choices. Nothing happens for another member or without a fresh draft.
 */
export function useResumeCheckout() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  const userId = user?.id ?? null;
  // On signing in (the member changes), not on every page: the draft is dropped once the dialog takes it.
  useEffect(() => {
    if (userId === null) return;
    const draft = checkoutDraftFor(userId);
    if (!draft) return;
    const { pathname, search } = here.current;
    void navigate(`${draft.path}${ORDER_HASH}`, { replace: `${pathname}${search}` === draft.path });
  }, [userId, navigate]);
}
