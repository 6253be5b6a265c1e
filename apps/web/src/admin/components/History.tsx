import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { AuditEntry } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { adminKeys } from '../../lib/query-keys';
import { adminRequest } from '../admin-request';
import { formatDate, formatMoney } from './format';

/** What staff changed: of one row, or of everything about one member (`GET /api/auditLog`). */
export function History({ query }: { query: { subject?: string; subject_id?: number; member_id?: number } }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // A state (wait, finish, Y) in words; a refund (amount, how, document) as one line; any other value as it is.
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '–';
    if (typeof value === 'string') return translate(`admin.values.${value}`, { _: value });
    if (typeof value !== 'object') return String(value);
    const { amount, method, doc_no } = value as { amount?: unknown; method?: unknown; doc_no?: unknown };
    if (amount !== undefined) {
      return [
        formatMoney(amount),
        typeof method === 'string' ? translate(`admin.values.refundMethod.${method}`, { _: method }) : null,
        typeof doc_no === 'string' ? doc_no : null,
      ]
        .filter(Boolean)
        .join(' ');
    }
    return JSON.stringify(value);
  };
  const { data } = useQuery({
    queryKey: adminKeys.auditLog(query),
    queryFn: () => adminRequest<AuditEntry[]>('auditLog', { query: { ...query, pageSize: 50 } }).then((r) => r.data),
  });
  return (
    <Box component="section" aria-label={translate('admin.member.history')}>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('admin.member.history')}
      </Typography>
      {data?.length === 0 && <Typography color="text.secondary">{translate('admin.member.none')}</Typography>}
      <List dense>
        {data?.map((entry) => (
          <ListItem key={entry.id} divider>
            <ListItemText
              primary={`${formatDate(entry.create_at, locale, true)} · ${translate(`admin.audit.${entry.action}`, {
                _: entry.action,
              })} ${translate(`admin.audit.subjects.${entry.subject}`, {
                _: translate(`resources.${entry.subject}.name`, { _: entry.subject }),
              })} #${entry.subject_id ?? ''} ${translate('admin.audit.by')} ${entry.personnel_username ?? entry.personnel_id}`}
              secondary={[
                ...Object.entries(entry.changes).map(([field, value]) =>
                  Array.isArray(value) && value.length === 2
                    ? `${translate(`resources.user.fields.${field}`, { _: field })}: ${show(value[0])} → ${show(value[1])}`
                    : `${translate(`resources.user.fields.${field}`, { _: field })}: ${show(value)}`,
                ),
                ...(entry.note ? [`${translate('admin.audit.note')}: ${entry.note}`] : []),
              ].join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
