import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  Card,
  CardContent,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { coinAdjustment, userStatuses } from '@sikkha/contract';
import { bangkokDate } from '@sikkha/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Datagrid,
  type FieldProps,
  Labeled,
  NumberInput,
  ReferenceField,
  ReferenceManyField,
  Show,
  TextField,
  TextInput,
  useBasename,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { MemberCrown } from '../../components/MemberCrown';
import { adminKeys } from '../../lib/query-keys';
import { adminRoute } from '../admin-request';
import { LazyBarChart } from '../components/BarChartLazy';
import { ChildTable } from '../components/ChildTable';
import { DateField, MoneyField, ValueField } from '../components/fields';
import { formatDate } from '../components/format';
import { History } from '../components/History';
import { EnumInput } from '../components/inputs';
import { ListPage } from '../components/ListPage';
import { statusColors } from './order-cells';
import type { AdminResource } from './types';

/** The member's status in words, and a Premium member's crown (spec §4). Its props name the column. */
function StatusField(_column: Partial<FieldProps>) {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <Stack direction="row" alignItems="center" spacing={0.5} component="span">
      <MemberCrown status={record?.status} label={translate('admin.member.premium')} sx={{ fontSize: 18 }} />
      <ValueField source="status" />
    </Stack>
  );
}

function UserList() {
  const translate = useTranslate();
  return (
    <ListPage
      sort={{ field: 'id', order: 'DESC' }}
      filters={[<EnumInput key="status" source="status" values={userStatuses} alwaysOn />]}
      rowClick={() => 'show'}
      phone={{
        primary: (r) => (
          <Stack direction="row" alignItems="center" spacing={0.5} component="span">
            <span>{[r.name_th, r.lname_th].filter(Boolean).join(' ') || r.email}</span>
            <MemberCrown status={r.status} label={translate('admin.member.premium')} sx={{ fontSize: 18 }} />
          </Stack>
        ),
        secondary: (r) => r.email,
        tertiary: (r) => translate('admin.member.balance', { count: r.point ?? 0 }),
      }}
      columns={[
        <TextField key="id" source="id" />,
        <TextField key="email" source="email" />,
        <TextField key="name" source="name_th" />,
        <TextField key="lname" source="lname_th" />,
        <TextField key="phone" source="phone" />,
        <TextField key="point" source="point" textAlign="right" />,
        <StatusField key="status" source="status" />,
        <DateField key="at" source="create_at" />,
      ]}
    />
  );
}

const profileFields = [
  'email',
  'username',
  'name_title',
  'name_th',
  'lname_th',
  'nickname',
  'phone',
  'address',
  'send_address',
  'card_id',
  'company_id',
  'company_name',
  'company_address',
] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** "2026-11" moved by whole months. */
function shiftMonth(month: string, by: number) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The member's viewing: minutes per Bangkok day of a month (previous and next months a click away), and each
 * course's lessons completed and time watched, from the member's own statistics.
 */
function ViewingStatistics({ userId }: { userId: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const thisMonth = bangkokDate(new Date()).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const { data } = useQuery({
    queryKey: adminKeys.memberChart(userId, month),
    queryFn: () => adminRoute('videoStatisticsChartByUser', { query: { user_id: userId, month } }).then((r) => r.data),
  });
  const { data: courses } = useQuery({
    queryKey: adminKeys.memberCourses(userId),
    queryFn: () => adminRoute('videoStatisticsByUser', { query: { user_id: userId } }).then((r) => r.data),
  });
  const monthName = formatDate(`${month}-01`, locale).replace(/^\d+\s/, '');
  const minutes = data?.map((d) => Math.round(d.seconds / 60)) ?? [];
  const total = minutes.reduce((a, b) => a + b, 0);
  return (
    <>
      <Stack direction="row" alignItems="center" spacing={1}>
        <IconButton onClick={() => setMonth((m) => shiftMonth(m, -1))} aria-label={translate('admin.member.prevMonth')}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="body2" sx={{ minWidth: 160, textAlign: 'center' }}>
          {monthName}: {total} {translate('admin.member.minutes')}
        </Typography>
        <IconButton
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
          disabled={month >= thisMonth}
          aria-label={translate('admin.member.nextMonth')}
        >
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      {data && (
        <LazyBarChart
          label={`${translate('admin.member.statistics')} ${monthName}`}
          labels={data.map((d) => String(Number(d.date.slice(8))))}
          series={[{ data: minutes, label: translate('admin.member.minutes') }]}
          height={200}
        />
      )}
      <List dense>
        {courses?.map((c) => (
          <ListItem key={c.product_id} divider>
            <ListItemText
              primary={c.product_title}
              secondary={translate('admin.member.progress', {
                completed: c.completed,
                lessons: c.lessons,
                minutes: Math.round(c.seconds / 60),
              })}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

function MemberPage() {
  const record = useRecordContext();
  const translate = useTranslate();
  const basename = useBasename();
  if (!record) return null;
  const id = record.id as number;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Section title={translate('admin.member.profile')}>
        <Grid container spacing={2}>
          {profileFields.map((field) => (
            <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
              <Labeled source={field}>
                <TextField source={field} emptyText="–" />
              </Labeled>
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Labeled source="status">
              <StatusField />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Labeled source="create_at">
              <DateField source="create_at" />
            </Labeled>
          </Grid>
        </Grid>
      </Section>
      <Section title={translate('admin.member.orders')}>
        <ReferenceManyField reference="orders" target="user_id" sort={{ field: 'id', order: 'DESC' }} perPage={50}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={(orderId) => `${basename}/orders/${orderId}/show`}
            sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
            empty={<Typography>{translate('admin.member.none')}</Typography>}
          >
            <TextField source="orders_ref" sortable={false} />
            <TextField source="product_title" sortable={false} />
            <ValueField source="orders_status" colors={statusColors} />
            <ValueField source="orders_payment" sortable={false} />
            <MoneyField source="orders_net" textAlign="right" />
            <DateField source="create_at" showTime />
          </Datagrid>
        </ReferenceManyField>
      </Section>
      <Section
        title={`${translate('admin.member.coins')} · ${translate('admin.member.balance', { count: record.point ?? 0 })}`}
      >
        <ChildTable
          title={translate('admin.member.adjust')}
          reference="logPoint"
          target="user_id"
          id={id}
          noDelete
          sort={{ field: 'id', order: 'DESC' }}
          schema={coinAdjustment}
          defaults={{ log_point_type: 'staff' }}
          columns={[
            <DateField key="at" source="create_at" showTime />,
            <TextField key="amount" source="log_point_amount" textAlign="right" />,
            <ValueField key="type" source="log_point_type" scope="coinEntry" />,
            <TextField key="note" source="log_point_note" />,
          ]}
          inputs={[
            <NumberInput key="amount" source="log_point_amount" step={1} helperText="admin.member.adjustHint" />,
            <TextInput key="note" source="log_point_note" fullWidth />,
          ]}
        />
      </Section>
      <Section title={translate('admin.member.statistics')}>
        <ViewingStatistics userId={id} />
      </Section>
      <Section title={translate('admin.member.groups')}>
        <ReferenceManyField reference="userProductGroup" target="user_id" perPage={50}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            empty={<Typography>{translate('admin.member.none')}</Typography>}
          >
            <ReferenceField source="product_group_id" reference="productGroup" link={false}>
              <ReferenceField source="product_id" reference="product" link={false} />
            </ReferenceField>
            <TextField source="user_product_group_code" />
            <TextField source="approve_by" />
            <ValueField source="remove_by" />
          </Datagrid>
        </ReferenceManyField>
      </Section>
      <Section title={translate('admin.member.certificates')}>
        <ReferenceManyField reference="certificate" target="user_id" perPage={50}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            empty={<Typography>{translate('admin.member.none')}</Typography>}
          >
            <ReferenceField source="product_id" reference="product" link={false} />
            <TextField source="certificate_no" />
            <DateField source="create_at" />
          </Datagrid>
        </ReferenceManyField>
      </Section>
      <History query={{ member_id: id }} />
    </Box>
  );
}

function UserShow() {
  return (
    <Show actions={false}>
      <MemberPage />
    </Show>
  );
}

export const userResource: AdminResource = {
  name: 'user',
  list: UserList,
  show: UserShow,
  recordRepresentation: (r) => [r.name_th, r.lname_th].filter(Boolean).join(' ') || r.email,
};
