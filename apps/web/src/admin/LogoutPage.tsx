import { useEffect } from 'react';
import { useLogout } from 'react-admin';

/** /admin/logout: ends the staff session on the server and returns to /admin/login. */
export function LogoutPage() {
  const logout = useLogout();
  useEffect(() => {
    void logout();
  }, [logout]);
  return null;
}
