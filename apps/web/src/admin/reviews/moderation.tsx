import { Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { inLanguage, type ModerationState, moderationStates } from '@sikkha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';

/** The member's words as they wrote them: React escapes them; line breaks kept. */
export const plain = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

type ModerateRoute = 'reviewModerate' | 'lessonCommentModerate';

/**
 * Hide a shown text or show a hidden one again, for the texts members write in public (reviews, lesson questions):
 * the same states, the same audit, the same button. `list` is the query the change refreshes.
 */
export function useModerate(route: ModerateRoute, list: string, texts: { hidden: string; restored: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const moderate = useMutation({
    mutationFn: (change: { id: number; state: ModerationState }) => adminRoute(route, { method: 'POST', body: change }),
    onSuccess: (_answer, change) => {
      notify(change.state === 'hidden' ? texts.hidden : texts.restored, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.moderation(list) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
    onError: (error) =>
      notify(
        `${translate('admin.userComment.saveFailed')}: ${inLanguage(error.message, locale === 'en' ? 'en' : 'th')}`,
        {
          type: 'error',
        },
      ),
  });
  return {
    /** The row's hide or restore button, its history button, and what else the caller adds. */
    actions: (row: { id: number; state: ModerationState }, onHistory: () => void, extra?: ReactNode) => (
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {extra}
        <Button
          size="small"
          variant="outlined"
          color={row.state === 'shown' ? 'warning' : 'primary'}
          disabled={moderate.isPending && moderate.variables?.id === row.id}
          onClick={() => moderate.mutate({ id: row.id, state: row.state === 'shown' ? 'hidden' : 'shown' })}
          aria-label={`${translate(`admin.userComment.${row.state === 'shown' ? 'hide' : 'restore'}`)} #${row.id}`}
        >
          {translate(`admin.userComment.${row.state === 'shown' ? 'hide' : 'restore'}`)}
        </Button>
        <Button size="small" onClick={onHistory}>
          {translate('admin.userComment.history')}
        </Button>
      </Stack>
    ),
  };
}

export function StateChip({ state }: { state: ModerationState }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={state === 'hidden' ? 'warning' : 'success'}
      label={translate(`admin.values.${state}`)}
    />
  );
}

/** The state filter of a moderation list: all, shown or hidden. */
export function StateFilter({
  value,
  onChange,
}: {
  value: ModerationState | '';
  onChange: (value: ModerationState | '') => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('admin.userComment.state')}
      value={value}
      onChange={(event) => onChange(event.target.value as ModerationState | '')}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 200 } }}
    >
      <MenuItem value="">{translate('admin.userComment.all')}</MenuItem>
      {moderationStates.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {translate(`admin.values.${choice}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
