import SearchIcon from '@mui/icons-material/Search';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { wrapLongStrings } from '../../components/text-wrap';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLang } from '../../i18n/texts';
import { type CertificateVerification, isUnknownNumber, useCertificateVerification } from './api';
import { issueDate, useCertificateTexts } from './texts';

/**
 * /certificate/:number — the public page a certificate's QR code opens: who earned which course and when, or that
 * no certificate has this number. Anyone may open it; it shows nothing else about the member.
 */
export function CertificatePage() {
  const text = useCertificateTexts();
  const number = (useParams().number ?? '').trim();
  const verification = useCertificateVerification(number);
  const unknown = isUnknownNumber(verification.error);
  usePageTitle(unknown ? text.notFoundTitle : text.title);

  let body: ReactNode;
  if (unknown) {
    body = (
      <Box role="status">
        <Typography variant="h5" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
          {text.notFoundTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ ...wrapLongStrings }}>
          {text.notFoundText(number)}
        </Typography>
      </Box>
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
        {text.loadError}
      </Alert>
    );
  } else if (!verification.data) {
    body = (
      <Box aria-busy>
        <Skeleton variant="text" sx={{ fontSize: '1.5rem' }} width="70%" />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="60%" />
      </Box>
    );
  } else {
    body = <Verified certificate={verification.data} />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {text.title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mb: 4 }}>
        {body}
      </Paper>
      <CheckAnother />
    </Container>
  );
}

function Verified({ certificate }: { certificate: CertificateVerification }) {
  const text = useCertificateTexts();
  const lang = useLang();
  const rows: [string, ReactNode][] = [
    [text.holder, certificate.name],
    [text.course, certificate.product_title],
    [
      text.issued,
      <time key="issued" dateTime={certificate.issued_at}>
        {issueDate(certificate.issued_at, lang)}
      </time>,
    ],
    [text.number, certificate.certificate_no],
  ];
  return (
    <>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <VerifiedIcon color="success" sx={{ fontSize: 40 }} />
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {text.verified}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text.verifiedNote}
          </Typography>
        </Box>
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

/** Typing a number by hand, as it is printed under the QR code. */
function CheckAnother() {
  const text = useCertificateTexts();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = typed.trim();
    if (number) navigate(`/certificate/${encodeURIComponent(number)}`);
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={text.checkAnother}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {text.checkAnother}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={text.numberField}
          placeholder={text.numberHint}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0, height: 40 }}>
          {text.check}
        </Button>
      </Box>
    </Box>
  );
}
