import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LANGUAGE_KEY } from '../../i18n';

/** /logout forgets the session (everything in localStorage but the chosen language) and goes home. */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const language = localStorage.getItem(LANGUAGE_KEY);
    localStorage.clear();
    if (language) localStorage.setItem(LANGUAGE_KEY, language);
    queryClient.clear();
    void navigate('/', { replace: true });
  }, [queryClient, navigate]);
  return null;
}
