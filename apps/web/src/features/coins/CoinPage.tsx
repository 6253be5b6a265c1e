import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { coinEntryTypes } from '@sikkha/contract/rules';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession, useToken } from '../../api/session';
import { SignInPrompt } from '../../components/SignInPrompt';
import { wrapLongStrings } from '../../components/text-wrap';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../i18n';
import { type Lang, useLang } from '../../i18n/texts';
import { type CoinHistoryLine, HISTORY_PAGE_SIZE, useCoinHistory } from './api';
import { CoinCouponDialog } from './CoinCouponDialog';
import { formatCoins, formatDateTime, useCoinTexts } from './texts';

/** How the user menu's Coin item asks this page to open the coin coupon dialog at once. */
export interface CoinPageState {
  coinCoupons?: boolean;
}

/**
 * /coin — the member's coins: the balance, the coin coupon dialog (opened at once when the user menu's Coin item
 * led here) and the coin history from the ledger: date, type, note, amount and the balance after each line.
 */
export function CoinPage() {
  const text = useCoinTexts();
  const title = useTranslation().t('pages.coin');
  const token = useToken();
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle(title);
  const dialogOpen = Boolean((location.state as CoinPageState | null)?.coinCoupons) && token !== null;
  const setDialog = (open: boolean) =>
    void navigate({ pathname: location.pathname }, { replace: true, state: open ? { coinCoupons: true } : null });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.1rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {text.pageIntro}
      </Typography>
      {token === null ? (
        <SignInPrompt prompt={text.signInPrompt} label={text.signIn} />
      ) : (
        <>
          <Balance onOpenCoupons={() => setDialog(true)} />
          <History />
          <CoinCouponDialog open={dialogOpen} onClose={() => setDialog(false)} />
        </>
      )}
    </Container>
  );
}

function Balance({ onOpenCoupons }: { onOpenCoupons: () => void }) {
  const text = useCoinTexts();
  const lang = useLang();
  const { user } = useSession();
  const history = useCoinHistory(1);
  const rate = history.data?.bahtPerCoin;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        mb: 3,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <MonetizationOnIcon sx={{ fontSize: 44, color: '#b8860b' }} aria-hidden />
        <Box>
          <Typography color="text.secondary">{text.balance}</Typography>
          <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }} data-testid="coin-page-balance">
            {user ? formatCoins(user.point ?? 0, lang) : <Skeleton width={80} />}
          </Typography>
          {rate !== undefined && (
            <Typography variant="body2" color="text.secondary">
              {text.rate(formatCoins(rate, lang))}
            </Typography>
          )}
        </Box>
      </Box>
      <Button variant="contained" size="large" onClick={onOpenCoupons} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        {text.openCoupons}
      </Button>
    </Paper>
  );
}

const typeLabel = (type: string | null, text: ReturnType<typeof useCoinTexts>) =>
  type && (coinEntryTypes as readonly string[]).includes(type)
    ? text.entryType[type as (typeof coinEntryTypes)[number]]
    : (type ?? '');

const signed = (amount: number, lang: Lang) => `${amount > 0 ? '+' : ''}${formatCoins(amount, lang)}`;

function History() {
  const text = useCoinTexts();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const history = useCoinHistory(page);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));

  let body: ReactNode;
  if (history.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            {text.retry}
          </Button>
        }
      >
        {text.loadError}
      </Alert>
    );
  } else if (!history.data) {
    body = <Skeleton variant="rounded" height={160} />;
  } else if (history.data.data.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {text.noHistory}
      </Typography>
    );
  } else {
    const lines = history.data.data;
    body = (
      <>
        {/* A phone gets one card per line; wider screens the table. */}
        <Box component="ul" sx={{ display: { xs: 'grid', sm: 'none' }, gap: 1, p: 0, m: 0 }}>
          {lines.map((line) => (
            <LineCard key={line.id} line={line} />
          ))}
        </Box>
        <Table size="small" sx={{ display: { xs: 'none', sm: 'table' } }} aria-label={text.history}>
          <TableHead>
            <TableRow>
              <TableCell>{text.date}</TableCell>
              <TableCell>{text.type}</TableCell>
              <TableCell>{text.note}</TableCell>
              <TableCell align="right">{text.change}</TableCell>
              <TableCell align="right">{text.balanceAfter}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.id} data-testid="coin-history-line">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.create_at, lang)}</TableCell>
                <TableCell>{typeLabel(line.log_point_type, text)}</TableCell>
                <TableCell sx={{ ...wrapLongStrings }}>{line.log_point_note}</TableCell>
                <TableCell
                  align="right"
                  sx={{ fontWeight: 600, color: line.log_point_amount < 0 ? 'error.main' : 'success.dark' }}
                >
                  {signed(line.log_point_amount, lang)}
                </TableCell>
                <TableCell align="right">{formatCoins(line.balance_after, lang)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {pages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 2, mt: 2 }}>
            <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {text.previous}
            </Button>
            <Typography variant="body2">{text.pageOf(page, pages)}</Typography>
            <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {text.next}
            </Button>
          </Box>
        )}
      </>
    );
  }
  return (
    <Box component="section" aria-labelledby="coin-history-title">
      <Typography id="coin-history-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {text.history}
      </Typography>
      {body}
    </Box>
  );
}

function LineCard({ line }: { line: CoinHistoryLine }) {
  const text = useCoinTexts();
  const lang = useLang();
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 1.5 }} data-testid="coin-history-card">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{typeLabel(line.log_point_type, text)}</Typography>
        <Typography sx={{ fontWeight: 700, color: line.log_point_amount < 0 ? 'error.main' : 'success.dark' }}>
          {signed(line.log_point_amount, lang)}
        </Typography>
      </Box>
      {line.log_point_note && (
        <Typography variant="body2" color="text.secondary" sx={{ ...wrapLongStrings }}>
          {line.log_point_note}
        </Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(line.create_at, lang)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {text.balanceAfter} {formatCoins(line.balance_after, lang)}
        </Typography>
      </Box>
    </Paper>
  );
}
