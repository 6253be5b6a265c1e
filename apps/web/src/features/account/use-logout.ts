import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** The persistent dialogs' way out (spec §2): their close goes to /logout, which ends the session. */
export function useGoToLogout() {
  const navigate = useNavigate();
  return useCallback(() => void navigate('/logout'), [navigate]);
}
