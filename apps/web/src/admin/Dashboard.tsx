import { Box, Card, CardActionArea, CardContent, Grid, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Dashboard as Figures } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useBasename, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { adminKeys } from '../lib/query-keys';
import { adminRequest } from './admin-request';
import { LazyBarChart } from './components/BarChartLazy';
import { formatDate, formatMoney } from './components/format';
import { PaymentSetupNotice } from './components/PaymentSetupNotice';
import { SigningNotice } from './components/SigningNotice';

function Figure({ title, value, note, to }: { title: string; value: ReactNode; note?: string; to: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {title}
          </Typography>
          <Typography variant="h4" component="p">
            {value}
          </Typography>
          {note && <Typography variant="body2">{note}</Typography>}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The back office's front page: each figure links to the list it counts (GET /api/dashboard). */
export function Dashboard() {
  const translate = useTranslate();
  const basename = useBasename();
  const [locale] = useLocaleState();
  const { data } = useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: () => adminRequest<Figures>('dashboard', { query: { days: 30 } }).then((r) => r.data),
  });
  const to = (path: string) => `${basename}/${path}`;
  const money = (v: number | null) => formatMoney(v ?? 0);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('admin.dashboard.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('admin.dashboard.title')}
      </Typography>
      <PaymentSetupNotice />
      <SigningNotice />
      {data && (
        <>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure
                title={translate('admin.dashboard.waiting')}
                value={data.waitingOrders}
                to={to('ordersConfirm')}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure
                title={translate('admin.dashboard.newMembers')}
                value={data.newMembers.period}
                note={translate('admin.dashboard.today', { count: data.newMembers.today })}
                to={to('user')}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure
                title={translate('admin.dashboard.sales30Days')}
                value={money(data.salesByDay.reduce((sum, d) => sum + d.net, 0))}
                note={translate('admin.dashboard.orders', {
                  count: data.salesByDay.reduce((sum, d) => sum + d.orders, 0),
                })}
                to={to('orders')}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure title={translate('admin.dashboard.hoursWatched')} value={data.hoursWatched} to={to('user')} />
            </Grid>
          </Grid>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    <Link to={to('orders')}>{translate('admin.dashboard.salesByDay')}</Link>
                  </Typography>
                  <LazyBarChart
                    label={translate('admin.dashboard.salesByDay')}
                    labels={data.salesByDay.map((d) => formatDate(d.date, locale).replace(/\s\S+$/, ''))}
                    series={[
                      {
                        data: data.salesByDay.map((d) => d.net),
                        label: translate('admin.dashboard.net'),
                        format: money,
                      },
                    ]}
                  />
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    <Link to={to('orders')}>{translate('admin.dashboard.salesByMonth')}</Link>
                  </Typography>
                  <LazyBarChart
                    label={translate('admin.dashboard.salesByMonth')}
                    labels={data.salesByMonth.map((m) => formatDate(`${m.month}-01`, locale).replace(/^\d+\s/, ''))}
                    series={[
                      {
                        data: data.salesByMonth.map((m) => m.net),
                        label: translate('admin.dashboard.net'),
                        format: money,
                      },
                    ]}
                  />
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    <Link to={to('product')}>{translate('admin.dashboard.bestSelling')}</Link>
                  </Typography>
                  {data.bestSelling.length === 0 ? (
                    <Typography color="text.secondary">{translate('admin.dashboard.none')}</Typography>
                  ) : (
                    <List dense>
                      {data.bestSelling.map((b, i) => (
                        <ListItem key={b.product_id} divider>
                          <ListItemText
                            primary={`${i + 1}. ${b.product_title}`}
                            secondary={`${translate('admin.dashboard.orders', { count: b.orders })} · ${money(b.net)}`}
                          />
                        </ListItem>
                      ))}
                    </List>
                  )}
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </>
      )}
    </Box>
  );
}
