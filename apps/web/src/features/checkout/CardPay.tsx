import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { message as catalogueMessage } from '@sikkha/contract';
import {
  type CardEntry,
  cardEntryProblems,
  expiryOf,
  formatBaht,
  formatExpiry,
  groupCardNumber,
} from '@sikkha/contract/rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { loadScript } from '../../lib/load-script';
import type { CardForm } from './api';
import { CardBrands } from './CardBrands';
import { useCheckoutTexts } from './texts';
import { useErrorText, useFieldMessage } from './use-field-message';

interface OmiseJs {
  setPublicKey(key: string): void;
  createToken(
    type: 'card',
    card: { name: string; number: string; expiration_month: number; expiration_year: number; security_code: string },
    callback: (status: number, response: { id?: string; message?: string }) => void,
  ): void;
}

declare global {
  interface Window {
    Omise?: OmiseJs;
  }
}

/**
 * The card form of an Omise.js-style gateway (Opn, and the built-in sandbox): the inputs are this page's, but the
 * card goes from the browser to the gateway's script, which answers a one-time token; only the token reaches our
 * server (`onToken`), which charges it. Card numbers never touch the shop's server.
 */
export function OmiseCardForm({
  form,
  amount,
  onToken,
}: {
  form: CardForm;
  amount: number;
  /** Charges the token; answers whether the page moves on (else the form takes another card). */
  onToken: (token: string) => Promise<boolean>;
}) {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const fieldMessage = useFieldMessage();
  const [ready, setReady] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [card, setCard] = useState<CardEntry>({ name: '', number: '', expiry: '', cvc: '' });
  const [problems, setProblems] = useState<ReturnType<typeof cardEntryProblems>>({});
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let live = true;
    loadScript(form.scriptUrl).then(
      () => {
        window.Omise?.setPublicKey(form.publicKey);
        if (live) setReady(window.Omise ? 'ready' : 'failed');
      },
      () => live && setReady('failed'),
    );
    return () => {
      live = false;
    };
  }, [form.scriptUrl, form.publicKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const omise = window.Omise;
    if (!omise || busy) return;
    // Each field is checked here and said under it: the gateway's script answers one sentence for the whole card.
    const found = cardEntryProblems(card);
    setProblems(found);
    const first = (Object.keys(card) as (keyof CardEntry)[]).find((name) => found[name]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[data-card-field="${first}"]`)?.focus();
      return;
    }
    const expiry = expiryOf(card.expiry)!;
    setBusy(true);
    setFailure(null);
    omise.createToken(
      'card',
      {
        name: card.name.trim(),
        number: card.number.replace(/\s/g, ''),
        expiration_month: expiry.month,
        expiration_year: expiry.year,
        security_code: card.cvc.trim(),
      },
      (status, response) => {
        if (status !== 200 || !response.id) {
          setFailure(response.message ?? text.cardFailed);
          setBusy(false);
          return;
        }
        onToken(response.id).then(
          (moving) => !moving && setBusy(false),
          (error: unknown) => {
            setFailure(errorText(error));
            setBusy(false);
          },
        );
      },
    );
  };

  if (ready === 'loading') {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <CircularProgress size={24} />
        {text.cardLoading}
      </Box>
    );
  }
  if (ready === 'failed') return <Alert severity="error">{text.cardUnavailable}</Alert>;

  const field = (
    name: keyof CardEntry,
    label: string,
    props: Record<string, string | number>,
    shape: (typed: string) => string = (typed) => typed,
  ) => {
    const problem = problems[name];
    return (
      <TextField
        label={label}
        value={card[name]}
        onChange={(event) => {
          setCard({ ...card, [name]: shape(event.target.value) });
          if (problem) setProblems({ ...problems, [name]: undefined });
        }}
        required
        fullWidth
        size="small"
        error={Boolean(problem)}
        helperText={problem ? fieldMessage(catalogueMessage(problem)) : undefined}
        // The card stays in this page's memory for the gateway's script; never sent anywhere else.
        slotProps={{ htmlInput: { ...props, 'data-card-field': name } }}
      />
    );
  };

  return (
    <Box
      component="form"
      ref={formRef}
      onSubmit={submit}
      noValidate
      sx={{ display: 'grid', gap: 2, maxWidth: 420, width: '100%' }}
    >
      <CardBrands />
      <Typography variant="body2">{text.cardIntro}</Typography>
      {field('name', text.cardName, { autoComplete: 'cc-name', maxLength: 100 })}
      {field(
        'number',
        text.cardNumber,
        { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23, placeholder: '0000 0000 0000 0000' },
        groupCardNumber,
      )}
      {/* Side by side where the expiry's label fits whole; one above the other on a phone. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        {field(
          'expiry',
          text.cardExpiry,
          { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY', maxLength: 5 },
          formatExpiry,
        )}
        {field('cvc', text.cardCvc, { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 }, (typed) =>
          typed.replace(/\D/g, ''),
        )}
      </Box>
      {form.testCards && (
        <Alert severity="info">
          {text.cardTestCards}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {form.testCards.map((test) => (
              <li key={test.number}>
                <code>{groupCardNumber(test.number)}</code> — {text.cardOutcome[test.outcome]}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" startIcon={<LockIcon />} disabled={busy}>
        {busy ? text.paying : `${text.confirm} ${formatBaht(amount)}`}
      </Button>
    </Box>
  );
}

/**
 * KBank's own card form (KPGW): its script inside a form, with the shop's public key, the amount and the merchant id;
 * the person types the card into KBank's popup, and KBank's script puts the one-time token into the form and
 * submits it. The submission is caught here and the token sent to our server instead of a page load.
 */
export function KPaymentCardForm({
  form,
  amount,
  smartPay,
  onToken,
}: {
  form: CardForm;
  amount: number;
  smartPay: boolean;
  onToken: (token: string) => Promise<boolean>;
}) {
  const text = useCheckoutTexts();
  const errorText = useErrorText();
  const holder = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useRef(onToken);
  send.current = onToken;
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const take = () => {
      const token = new FormData(element).get('token');
      if (typeof token !== 'string' || !token) return;
      send.current(token).catch((error: unknown) => setFailure(errorText(error)));
    };
    const onSubmit = (event: Event) => {
      event.preventDefault();
      take();
    };
    element.addEventListener('submit', onSubmit);
    // KBank's script may call form.submit(), which fires no submit event.
    element.submit = take;
    const tag = document.createElement('script');
    tag.src = form.scriptUrl;
    tag.dataset.apikey = form.publicKey;
    tag.dataset.amount = amount.toFixed(2);
    tag.dataset.currency = 'THB';
    tag.dataset.paymentMethods = 'card';
    if (form.merchantId) tag.dataset.mid = form.merchantId;
    if (smartPay && form.smartpayId) {
      tag.dataset.smartpayId = form.smartpayId;
      tag.dataset.term = '3';
    }
    element.append(tag);
    return () => {
      element.removeEventListener('submit', onSubmit);
      tag.remove();
    };
  }, [form, amount, smartPay, errorText]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <CardBrands />
      <Typography variant="body2">{text.cardIntro}</Typography>
      <form ref={holder} method="POST" />
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Box>
  );
}
