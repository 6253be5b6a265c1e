import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routeData } from '../../api/routes';
import { courseKeys } from '../../lib/query-keys';

/**
 * A buyer's code for one group (POST /api/userProductGroupGennarate): made once by the server, so a second click or
 * tab answers the same code. The course view holds the member's codes, so it is asked again.
 */
export function useGenerateGroupCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => routeData('userProductGroupGennarate', { method: 'POST', body: { id: groupId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
