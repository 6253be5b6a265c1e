import { Dialog, DialogTitle, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  CreateBase,
  DeleteButton,
  EditBase,
  type Identifier,
  type RaRecord,
  SaveButton,
  SimpleForm,
  Toolbar,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { formatDate } from './format';
import { contractResolver } from './resolver';

/** A resource's form: the contract's zod schema (the same words as the server), the inputs, the defaults. */
export interface FormSpec {
  schema: z.ZodType;
  inputs: ReactNode;
  defaults?: Record<string, unknown>;
  /** After a create the form empties and stays open (coachDetailList, spec 2 §2), instead of closing. */
  keepOpen?: boolean;
  /** The edit dialog's own schema and inputs, when they differ from the create's (no password on an edit). */
  editSchema?: z.ZodType;
  editInputs?: ReactNode;
  /** Wider dialogs for long forms. */
  maxWidth?: 'sm' | 'md' | 'lg';
  /** What the edit dialog shows below its form (a course's lessons, a coach's lines). */
  related?: (record: RaRecord) => ReactNode;
  /** No delete button in the edit dialog. */
  noDelete?: boolean;
  /** Rows are made elsewhere: the list has no create button. */
  noCreate?: boolean;
}

function useResourceName() {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  return translate(`resources.${resource}.name`, { _: resource });
}

/** Who made the row and when: shown, never editable (the server sets them). */
function SystemFields() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1, display: 'block' }}>
      {translate('resources.category.fields.id')} {record.id} · {translate('resources.category.fields.create_at')}{' '}
      {formatDate(record.create_at, locale, true)} · {translate('resources.category.fields.update_at')}{' '}
      {formatDate(record.update_at, locale, true)}
    </Typography>
  );
}

/**
 * A form dialog's Save bar, kept at the foot of the dialog while a long form (a video's) scrolls: react-admin's own
 * sits at the form's end, below the fold, and on a phone is fixed to the screen's foot, outside the dialog.
 */
const dialogToolbarSx = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  '&.RaToolbar-mobileToolbar': { position: 'sticky', width: 'auto' },
} as const;

/** Saves, then empties the form for the next line: the dialog stays open. */
function ResetAfterCreate({ onSaved }: { onSaved: () => void }) {
  const { reset } = useFormContext();
  return (
    <SaveButton
      type="button"
      mutationOptions={{
        onSuccess: () => {
          onSaved();
          reset();
        },
      }}
    />
  );
}

export function CreateDialog({ open, onClose, form }: { open: boolean; onClose: () => void; form: FormSpec }) {
  const name = useResourceName();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = useResourceContext();
  const created = () => {
    notify('ra.notification.created', { type: 'success' });
    refresh();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={form.maxWidth ?? 'sm'} aria-labelledby="create-title">
      <DialogTitle id="create-title">{translate('admin.form.createTitle', { name })}</DialogTitle>
      {open && (
        <CreateBase
          resource={resource}
          redirect={false}
          mutationOptions={{
            onSuccess: () => {
              created();
              onClose();
            },
          }}
        >
          <SimpleForm
            resolver={contractResolver(form.schema)}
            defaultValues={form.defaults}
            toolbar={
              <Toolbar sx={dialogToolbarSx}>
                {form.keepOpen ? <ResetAfterCreate onSaved={created} /> : <SaveButton />}
              </Toolbar>
            }
          >
            {form.inputs}
          </SimpleForm>
        </CreateBase>
      )}
    </Dialog>
  );
}

export function EditDialog({ id, onClose, form }: { id: Identifier | null; onClose: () => void; form: FormSpec }) {
  const name = useResourceName();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = useResourceContext();
  const done = (message: string) => {
    notify(message, { type: 'success', messageArgs: { smart_count: 1 } });
    refresh();
    onClose();
  };
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth={form.maxWidth ?? 'sm'}
      aria-labelledby="edit-title"
    >
      <DialogTitle id="edit-title">{translate('admin.form.editTitle', { name })}</DialogTitle>
      {id !== null && (
        // Pessimistic: the dialog closes, and says saved, only when the server has stored the change.
        <EditBase
          resource={resource}
          id={id}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{ onSuccess: () => done('ra.notification.updated') }}
        >
          <SimpleForm
            resolver={contractResolver(form.editSchema ?? form.schema)}
            toolbar={
              <Toolbar sx={{ ...dialogToolbarSx, justifyContent: 'space-between' }}>
                <SaveButton />
                {!form.noDelete && (
                  <DeleteButton
                    mutationMode="pessimistic"
                    redirect={false}
                    mutationOptions={{ onSuccess: () => done('ra.notification.deleted') }}
                  />
                )}
              </Toolbar>
            }
          >
            {form.editInputs ?? form.inputs}
          </SimpleForm>
          <SystemFields />
          <RelatedOf render={form.related} />
        </EditBase>
      )}
    </Dialog>
  );
}

function RelatedOf({ render }: { render?: (record: RaRecord) => ReactNode }) {
  const record = useRecordContext();
  return record && render ? render(record) : null;
}
