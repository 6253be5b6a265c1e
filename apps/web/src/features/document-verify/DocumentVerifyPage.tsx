import CancelIcon from '@mui/icons-material/Cancel';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { inLanguage, issuedDocumentNames } from '@sikkha/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { wrapLongStrings } from '../../components/text-wrap';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLang } from '../../i18n/texts';
import {
  type DocumentAsked,
  type DocumentVerification,
  isNotVerified,
  isThrottled,
  refusedFields,
  useDocumentVerification,
} from './api';
import { issuedAt, printedTotal, useDocumentVerifyTexts } from './texts';

/**
 * /verify-document?no=…&amount=… — the public page where anyone holding a receipt, tax invoice or note checks that
 * the shop issued it: the number and the total as printed, both. The address keeps what was asked, so a check can
 * be shared or reloaded; the answer names the shop, never the buyer.
 */
export function DocumentVerifyPage() {
  const text = useDocumentVerifyTexts();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const asked: DocumentAsked | null = params.has('no')
    ? { no: params.get('no') ?? '', amount: params.get('amount') ?? '' }
    : null;
  const verification = useDocumentVerification(asked);
  usePageTitle(text.title);

  const [typed, setTyped] = useState({ no: asked?.no ?? '', amount: asked?.amount ?? '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ no: typed.no.trim(), amount: typed.amount.trim() });
  };
  const refused = refusedFields(verification.error);
  const fieldMessage = (path: string) => {
    const said = refused.find((field) => field.path === path)?.message;
    return said ? inLanguage(said, lang) : undefined;
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1.5, fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {text.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text.intro}
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={text.title}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr auto' },
          alignItems: 'start',
          mb: 4,
        }}
      >
        <TextField
          label={text.numberField}
          placeholder={text.numberHint}
          value={typed.no}
          onChange={(event) => setTyped({ ...typed, no: event.target.value })}
          error={fieldMessage('doc_no') !== undefined}
          helperText={fieldMessage('doc_no')}
          slotProps={{
            htmlInput: { maxLength: 60, autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false },
          }}
        />
        <TextField
          label={text.amountField}
          placeholder={text.amountHint}
          value={typed.amount}
          onChange={(event) => setTyped({ ...typed, amount: event.target.value })}
          error={fieldMessage('amount') !== undefined}
          helperText={fieldMessage('amount')}
          slotProps={{ htmlInput: { maxLength: 30, inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<SearchIcon />}
          loading={verification.isFetching}
          loadingPosition="start"
          sx={{ height: 56 }}
        >
          {text.check}
        </Button>
      </Box>
      <Answer asked={asked} verification={verification} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {text.privacy}
      </Typography>
    </Container>
  );
}

function Answer({
  asked,
  verification,
}: {
  asked: DocumentAsked | null;
  verification: ReturnType<typeof useDocumentVerification>;
}) {
  const text = useDocumentVerifyTexts();
  const lang = useLang();
  let body: ReactNode = null;
  if (!asked || verification.isFetching || refusedFields(verification.error).length > 0) {
    body = null;
  } else if (isNotVerified(verification.error)) {
    body = (
      <Heading icon={<SearchOffIcon color="action" sx={{ fontSize: 40 }} />} title={text.notFound}>
        {inLanguage(verification.error?.message ?? '', lang)}
      </Heading>
    );
  } else if (verification.error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void verification.refetch()}>
            {text.retry}
          </Button>
        }
      >
        {isThrottled(verification.error) ? inLanguage(verification.error.message, lang) : text.loadError}
      </Alert>
    );
  } else if (verification.data) {
    body = <Verified document={verification.data} />;
  }
  // Always in the page, so a screen reader hears each new answer.
  return (
    <Box role="status" aria-live="polite" aria-busy={verification.isFetching}>
      {body && (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          {body}
        </Paper>
      )}
    </Box>
  );
}

function Heading({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
      {icon}
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ ...wrapLongStrings }}>
          {children}
        </Typography>
      </Box>
    </Box>
  );
}

function Verified({ document }: { document: DocumentVerification }) {
  const text = useDocumentVerifyTexts();
  const lang = useLang();
  const { issuer } = document;
  const rows: [string, ReactNode][] = [
    [text.number, document.doc_no],
    [
      text.kind,
      `${issuedDocumentNames[document.doc_type][lang]}${document.type_code ? ` (${document.type_code})` : ''}`,
    ],
    [
      text.issued,
      <time key="issued" dateTime={document.issued_at}>
        {issuedAt(document.issued_at, lang)}
      </time>,
    ],
    [text.total, printedTotal(document.total, lang)],
    [text.issuer, issuer.name],
    [text.taxId, `${issuer.tax_id} ${issuer.branch === '00000' ? text.headOffice : text.branch(issuer.branch)}`],
    [text.signature, document.signed ? text.signed : text.unsigned],
    ...(document.refers_to ? [[text.refersTo, document.refers_to] as [string, ReactNode]] : []),
  ];
  return (
    <>
      <Box sx={{ mb: 3 }}>
        {document.voided_by ? (
          <Heading icon={<CancelIcon color="error" sx={{ fontSize: 40 }} />} title={text.voided}>
            {text.voidedNote(document.voided_by)}
          </Heading>
        ) : (
          <Heading icon={<VerifiedIcon color="success" sx={{ fontSize: 40 }} />} title={text.valid}>
            {text.validNote}
          </Heading>
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, gap: 1 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ pr: 3 }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1.5, sm: 0 }, fontWeight: 600, ...wrapLongStrings }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
