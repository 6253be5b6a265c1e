import { useEffect } from 'react';
import { useParams } from 'react-router';
import { openAccountDialog } from '../../stores/account-dialogs';

/** /code/{code} (the link of the password-reset mail): opens the change-password dialog with that code. */
export function OpenChangePassword() {
  const { code } = useParams();
  useEffect(() => {
    openAccountDialog({ name: 'changePassword', code });
  }, [code]);
  return null;
}
