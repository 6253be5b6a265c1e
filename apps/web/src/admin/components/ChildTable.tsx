import { Box, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  CreateBase,
  Datagrid,
  DeleteButton,
  type Identifier,
  ReferenceManyField,
  SaveButton,
  SimpleForm,
  type SortPayload,
  Toolbar,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { z } from 'zod';
import { contractResolver } from './resolver';

interface Props {
  title: string;
  /** The child resource and the field naming the parent. */
  reference: string;
  target: string;
  id: Identifier;
  columns: ReactNode;
  schema: z.ZodType;
  /** The inputs of the add form, and its defaults (besides the parent's id). */
  inputs: ReactNode;
  defaults?: Record<string, unknown>;
  sort?: SortPayload;
  addLabel?: string;
  /** Rows that are never removed (a ledger). */
  noDelete?: boolean;
}

/**
 * The rows of a parent (a course's lessons, a coach's lines) under its edit form: listed, removed one by one, and
 * added through a small form that empties after each save, so several are added in a row.
 */
/**
 * The fields' box: react-admin's own keeps 5em free at the bottom on a phone for the toolbar it pins there, which
 * this form keeps under its fields.
 */
function FormBody(props: { children?: ReactNode }) {
  return <Box {...props} sx={{ p: 2, pb: 0, border: 1, borderColor: 'divider', borderRadius: 1, mt: 1 }} />;
}

export function ChildTable(props: Props) {
  const { title, reference, target, id, columns, schema, inputs, defaults, sort, addLabel, noDelete } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  // A new key mounts a fresh, empty form after each save.
  const [round, setRound] = useState(0);
  return (
    <Box component="section" sx={{ px: 2, pb: 2 }} aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <ReferenceManyField reference={reference} target={target} record={{ id }} sort={sort} perPage={200}>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
              {translate('admin.member.none')}
            </Typography>
          }
        >
          {columns}
          {!noDelete && <DeleteButton mutationMode="pessimistic" redirect={false} label="" />}
        </Datagrid>
      </ReferenceManyField>
      <CreateBase
        key={round}
        resource={reference}
        record={{ [target]: id, ...defaults }}
        redirect={false}
        mutationOptions={{
          onSuccess: () => {
            notify('ra.notification.created', { type: 'success' });
            refresh();
            setRound((r) => r + 1);
          },
        }}
      >
        <SimpleForm
          component={FormBody}
          resolver={contractResolver(schema)}
          toolbar={
            // On a phone react-admin pins a form's toolbar to the screen's bottom; this small form's button stays
            // under its fields instead of floating over the rest of the page.
            <Toolbar sx={{ minHeight: 0, '&.RaToolbar-mobileToolbar': { position: 'static' } }}>
              <SaveButton label={addLabel ?? 'ra.action.add'} icon={<span />} />
            </Toolbar>
          }
        >
          {inputs}
        </SimpleForm>
      </CreateBase>
    </Box>
  );
}
