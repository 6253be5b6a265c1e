import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Typography,
} from '@mui/material';
import {
  type AudienceCount,
  facebookTags,
  SEND_TEXT_MAX,
  type SendBody,
  type SendChannel,
  type SentMessage,
  sendAudiences,
  sendBody,
  sendChannels,
} from '@sikkha/contract';
import { useState } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Form,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useInput,
  useNotify,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { contractResolver } from '../components/resolver';
import { UploadInput } from '../components/UploadInput';
import { useAudience, useSend } from './api';
import { type Recipients, recipientsChosen, recipientsOf } from './recipients';
import { useSendTexts } from './texts';

const defaults: SendBody = { text: '', image: null, audience: 'all', channels: ['noti'], facebook_tag: null };

const reachOf = (channel: SendChannel, audience: AudienceCount) =>
  ({ noti: audience.members, line: audience.line, facebook: audience.facebook, email: audience.email })[channel];

/** The channels, each with how many of the chosen members it reaches; LINE and Messenger only when set up. */
function ChannelPicker({ audience }: { audience: AudienceCount | undefined }) {
  const { texts, fill } = useSendTexts();
  const { field, fieldState } = useInput({ source: 'channels' });
  const chosen: SendChannel[] = Array.isArray(field.value) ? field.value : [];
  const available = (channel: SendChannel) =>
    channel === 'line' || channel === 'facebook' ? (audience?.available[channel] ?? false) : true;
  const toggle = (channel: SendChannel, on: boolean) =>
    field.onChange(sendChannels.filter((c) => (c === channel ? on : chosen.includes(c))));
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ mt: 1 }}>
      <FormLabel component="legend">{texts.channels}</FormLabel>
      <FormGroup>
        {sendChannels.map((channel) => (
          <FormControlLabel
            key={channel}
            disabled={!available(channel)}
            control={
              <Checkbox
                checked={chosen.includes(channel)}
                onChange={(event) => toggle(channel, event.target.checked)}
                name={`channel-${channel}`}
              />
            }
            label={
              <Box>
                <Typography component="span">{texts.channel[channel]}</Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {!available(channel)
                    ? `(${texts.off})`
                    : audience
                      ? fill(texts.reach[channel], {
                          count: reachOf(channel, audience),
                          window: audience.facebookWindow,
                        })
                      : ''}
                </Typography>
              </Box>
            }
          />
        ))}
      </FormGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

/** The message's fields; the recipients' count follows the choice. */
function Fields({ pending }: { pending: boolean }) {
  const { texts, fill } = useSendTexts();
  const text = useWatch({ name: 'text' }) as string | undefined;
  const audienceChoice = useWatch({ name: 'audience' }) as Recipients['audience'];
  const productId = useWatch({ name: 'product_id' }) as number | null | undefined;
  const userIds = useWatch({ name: 'user_ids' }) as number[] | null | undefined;
  const channels = (useWatch({ name: 'channels' }) as SendChannel[] | undefined) ?? [];
  const recipients = recipientsOf({ audience: audienceChoice, product_id: productId, user_ids: userIds });
  const ready = recipientsChosen(recipients);
  const audience = useAudience(recipients, true);

  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      <TextInput
        source="text"
        label={texts.text}
        multiline
        minRows={4}
        fullWidth
        helperText={fill(texts.textHelp, { count: text?.length ?? 0, max: SEND_TEXT_MAX })}
      />
      <UploadInput source="image" endpoint="SendImage" label={texts.image} />
      <Typography variant="caption" color="text.secondary" sx={{ mt: -1.5 }}>
        {texts.imageHelp}
      </Typography>
      <RadioButtonGroupInput
        source="audience"
        label={texts.recipients}
        choices={sendAudiences.map((id) => ({ id, name: texts.audience[id] }))}
        helperText={false}
      />
      {audienceChoice === 'course' && (
        <ReferenceInput source="product_id" reference="product">
          <AutocompleteInput
            label={texts.course}
            optionText="product_title"
            filterToQuery={(q: string) => ({ q })}
            fullWidth
          />
        </ReferenceInput>
      )}
      {audienceChoice === 'members' && (
        <ReferenceArrayInput source="user_ids" reference="user">
          <AutocompleteArrayInput
            label={texts.members}
            helperText={texts.membersHelp}
            filterToQuery={(q: string) => ({ q })}
            fullWidth
          />
        </ReferenceArrayInput>
      )}
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {ready && audience.data
          ? fill(texts.recipientsCount, { count: audience.data.members })
          : ready
            ? texts.counting
            : ''}
      </Typography>
      <ChannelPicker audience={audience.data} />
      {channels.includes('facebook') && (
        <SelectInput
          source="facebook_tag"
          label={texts.tag}
          emptyText={texts.tagNone}
          choices={facebookTags.map((id) => ({ id, name: texts.tags[id] }))}
          helperText={texts.tagHelp}
          fullWidth
        />
      )}
      <Box>
        <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={pending}>
          {pending ? texts.sending : texts.send}
        </Button>
      </Box>
    </Stack>
  );
}

/** Only what the chosen recipients and channels use travels. */
function cleaned(values: SendBody): SendBody {
  return {
    text: values.text,
    image: values.image || null,
    audience: values.audience,
    channels: values.channels,
    ...(values.audience === 'course' ? { product_id: values.product_id } : {}),
    ...(values.audience === 'members' ? { user_ids: values.user_ids } : {}),
    ...(values.channels.includes('facebook') && values.facebook_tag ? { facebook_tag: values.facebook_tag } : {}),
  };
}

/** Asks before sending, with the count and the channels; sends, then empties the form. */
function SubmitConfirm({
  body,
  onClose,
  onSent,
}: {
  body: SendBody | null;
  onClose: () => void;
  onSent: (message: SentMessage) => void;
}) {
  const { texts, fill } = useSendTexts();
  const notify = useNotify();
  const { reset } = useFormContext();
  const send = useSend();
  const audience = useAudience(body ?? { audience: 'all' }, body !== null, false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  return (
    <Dialog open={body !== null} onClose={close} aria-labelledby="send-confirm-title">
      <DialogTitle id="send-confirm-title">{texts.confirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {fill(texts.confirmBody, {
            count: audience.data?.members ?? '…',
            channels: (body?.channels ?? []).map((c) => texts.channel[c]).join(', '),
          })}
        </DialogContentText>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{texts.cancel}</Button>
        <Button
          variant="contained"
          disabled={send.isPending}
          onClick={() => {
            if (!body) return;
            send.mutate(body, {
              onSuccess: (message) => {
                notify(texts.queued, { type: 'success' });
                reset(defaults);
                close();
                onSent(message);
              },
              onError: (error) => setProblem(error.message),
            });
          }}
        >
          {send.isPending ? texts.sending : texts.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Send screen's form: text, picture, recipients and channels, checked by the contract's schema. */
export function SendForm({ onSent }: { onSent: (message: SentMessage) => void }) {
  const [confirming, setConfirming] = useState<SendBody | null>(null);
  return (
    <Form
      defaultValues={defaults}
      resolver={contractResolver(sendBody)}
      onSubmit={(values: Record<string, unknown>) => setConfirming(cleaned(values as SendBody))}
    >
      <Fields pending={confirming !== null} />
      <SubmitConfirm body={confirming} onClose={() => setConfirming(null)} onSent={onSent} />
    </Form>
  );
}
