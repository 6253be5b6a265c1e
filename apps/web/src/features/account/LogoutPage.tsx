import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '../../api/session';
import { closeAccountDialog } from '../../stores/account-dialogs';

/** /logout (spec §4): ends the token on the server, forgets the session but the language, and goes home. */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    endSession();
    closeAccountDialog();
    queryClient.clear();
    void navigate('/', { replace: true });
  }, [queryClient, navigate]);
  return null;
}
