import BlockIcon from '@mui/icons-material/Block';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { type DocumentVoidBody, documentVoidBody, type OrderView, voidCauses } from '@sikkha/contract';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BooleanInput, Form, RadioButtonGroupInput, TextInput, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { adminRoute } from '../admin-request';
import { DialogSubmitActions } from '../components/DialogSubmitActions';
import { contractResolver } from '../components/resolver';

/** A finished order's document may be voided while no refund refers to it (the server says the same, 409). */
export const canVoidDocument = (order: OrderView) =>
  order.orders_status === 'finish' && Boolean(order.order_no) && !order.orders_refunded;

/** The form's values: the contract's body, with the switch that says whether the buyer's details are corrected. */
type VoidForm = Omit<DocumentVoidBody, 'receipt'> & {
  correct: boolean;
  receipt: Record<string, string | undefined> & { type: 'person' | 'company' };
};

/** The fields each kind of buyer gives; the form keeps both kinds' while staff switch between them. */
const buyerFields = {
  person: ['name', 'card_id', 'address'],
  company: ['company_id', 'company_name', 'company_address', 'company_branch'],
} as const;

/** The body the form sends: the corrected details, of the kind chosen, only when staff switched them on. */
const bodyOf = (values: VoidForm): DocumentVoidBody => {
  const { type } = values.receipt;
  const receipt = Object.fromEntries([
    ['type', type],
    ...buyerFields[type].map((field) => [field, values.receipt[field]]),
  ]);
  return {
    id: values.id,
    doc_no: values.doc_no,
    cause: values.cause,
    reason: values.reason,
    ...(values.correct ? { receipt } : {}),
  } as DocumentVoidBody;
};

/**
 * Checked by the contract's documentVoidBody, on the body the form sends; what it answers (the parsed body) is what
 * react-hook-form hands to onSubmit.
 */
const voidResolver: Resolver<FieldValues> = (values, context, options) =>
  contractResolver(documentVoidBody)(bodyOf(values as VoidForm) as FieldValues, context, options);

/** The buyer's details for the replacement: a person's or a company's, as the order's receipt fields are. */
function CorrectedBuyer() {
  const translate = useTranslate();
  const correct = useWatch({ name: 'correct' }) as boolean;
  const type = useWatch({ name: 'receipt.type' }) as 'person' | 'company';
  if (!correct) return null;
  const t = (key: string) => translate(`admin.order.${key}`);
  return (
    <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <RadioButtonGroupInput
        source="receipt.type"
        label={t('voidBuyerType')}
        choices={[
          { id: 'person', name: t('voidPerson') },
          { id: 'company', name: t('voidCompany') },
        ]}
        row
      />
      {type === 'company' ? (
        <>
          <TextInput source="receipt.company_name" label={t('voidCompanyName')} fullWidth isRequired />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextInput
              source="receipt.company_id"
              label={t('voidCompanyId')}
              inputProps={{ inputMode: 'numeric', maxLength: 13 }}
              fullWidth
              isRequired
            />
            <TextInput
              source="receipt.company_branch"
              label={t('voidCompanyBranch')}
              inputProps={{ inputMode: 'numeric', maxLength: 5 }}
              fullWidth
            />
          </Stack>
          <TextInput
            source="receipt.company_address"
            label={t('voidCompanyAddress')}
            multiline
            minRows={2}
            fullWidth
            isRequired
          />
        </>
      ) : (
        <>
          <TextInput source="receipt.name" label={t('voidName')} fullWidth isRequired />
          <TextInput
            source="receipt.card_id"
            label={t('voidCardId')}
            inputProps={{ inputMode: 'numeric', maxLength: 13 }}
            fullWidth
            isRequired
          />
          <TextInput source="receipt.address" label={t('voidAddress')} multiline minRows={2} fullWidth isRequired />
        </>
      )}
    </Stack>
  );
}

/**
 * "ยกเลิกเอกสาร" on a finished order's page: the cause, the reason, and optionally the buyer's corrected details;
 * POST /api/ordersDocumentVoid. The server issues the cancellation note and the replacement, and mails both.
 */
export function VoidDocumentButton({ order }: { order: OrderView }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const number = order.order_no ?? '';
  const record = useMemo(() => ({ id: order.id }), [order.id]);
  const defaults = useMemo(() => {
    const kept = (order.receipt_data ?? {}) as Record<string, string | null>;
    const text = (field: string) => kept[field] ?? '';
    return {
      id: order.id,
      doc_no: number,
      cause: 'name',
      reason: '',
      correct: false,
      receipt: {
        type: order.receipt_type === 'company' ? 'company' : 'person',
        name: text('name'),
        card_id: text('card_id'),
        address: text('address'),
        company_id: text('company_id'),
        company_name: text('company_name'),
        company_address: text('company_address'),
        company_branch: text('company_branch') || '00000',
      },
    };
  }, [order.id, order.receipt_data, order.receipt_type, number]);

  const voiding = useMutation({
    mutationFn: (body: DocumentVoidBody) => adminRoute('ordersDocumentVoid', { method: 'POST', body }),
    onSuccess: (answer) => {
      setOpen(false);
      notify(
        translate('admin.order.voidDone', {
          voided: answer.data.voided_no,
          cancellation: answer.data.cancellation_no,
          replacement: answer.data.replacement_no,
        }),
        { type: 'success' },
      );
      refresh();
    },
  });
  const close = () => {
    if (voiding.isPending) return;
    setOpen(false);
    voiding.reset();
  };
  const label = translate('admin.order.void');

  return (
    <>
      <Button color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="void-title">
        {open && (
          <Form
            record={record}
            defaultValues={defaults}
            resolver={voidResolver}
            disableInvalidFormNotification
            onSubmit={(body: FieldValues) => voiding.mutate(body as DocumentVoidBody)}
            noValidate
          >
            <DialogTitle id="void-title">
              {translate('admin.order.voidTitle')}{' '}
              {/* A document number reads as one word: never broken at its hyphen. */}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {number}
              </Box>
            </DialogTitle>
            <DialogContent dividers>
              <Typography variant="body2" sx={{ mb: 2 }}>
                {translate('admin.order.voidIntro')}
              </Typography>
              <RadioButtonGroupInput
                source="cause"
                label={translate('admin.order.voidCause')}
                choices={voidCauses.map((cause) => ({
                  id: cause,
                  name: translate(`admin.order.voidCauses.${cause}`),
                }))}
              />
              <TextInput
                source="reason"
                label={translate('admin.order.voidReason')}
                helperText={translate('admin.order.voidReasonHint')}
                multiline
                minRows={2}
                fullWidth
                isRequired
                autoFocus
              />
              <BooleanInput source="correct" label={translate('admin.order.voidCorrect')} />
              <CorrectedBuyer />
              {voiding.isError && (
                <Alert severity="error" role="alert">
                  {voiding.error.message}
                </Alert>
              )}
            </DialogContent>
            <DialogSubmitActions onCancel={close} pending={voiding.isPending} color="error" icon={<BlockIcon />}>
              {voiding.isPending ? translate('admin.order.voiding') : label}
            </DialogSubmitActions>
          </Form>
        )}
      </Dialog>
    </>
  );
}
