import { fileUrl } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ADMIN_TOKEN_KEY } from '../../api/client';
import { adminKeys } from '../../lib/query-keys';

/**
 * A stored file that needs the staff token (a member's slip): an `<img src>` cannot send the bearer, so the file
 * is fetched with it (once, cached as a blob) and each user of it gets its own object URL, released when it goes.
 */
export function useProtectedFile(serve: string, name: string | null | undefined) {
  const { data: blob, isError } = useQuery({
    queryKey: adminKeys.file(serve, name),
    enabled: Boolean(name),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const token = localStorage.getItem(ADMIN_TOKEN_KEY);
      const res = await fetch(fileUrl(serve, name!), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!res.ok) throw new Error(res.statusText);
      return res.blob();
    },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return { url: blob ? url : null, failed: isError };
}
