import { Link as MuiLink, Typography } from '@mui/material';
import type { OrderStatus, StaffOrder } from '@sikkha/contract';
import { useBasename, useRecordContext } from 'react-admin';
import { Link } from 'react-router';

/** The colour of each order state's chip: a state staff must act on (a payment after cancellation) stands out. */
export const statusColors: Record<OrderStatus, 'success' | 'warning' | 'error' | 'default'> = {
  wait: 'warning',
  finish: 'success',
  cancel: 'default',
  refund: 'default',
  paid_after_cancel: 'error',
};

/** What a Datagrid reads from a column that has no `source`: its header. */
export interface Column {
  label: string;
}

/** The member of an order: name and e-mail, a link to the member's page. */
export function MemberCell(_column: Column) {
  const order = useRecordContext<StaffOrder>();
  const basename = useBasename();
  if (!order) return null;
  const name = [order.name_th, order.lname_th].filter(Boolean).join(' ');
  return (
    <MuiLink
      component={Link}
      to={`${basename}/user/${order.user_id}/show`}
      onClick={(event) => event.stopPropagation()}
      underline="hover"
    >
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {name || order.email}
      </Typography>
      {name && (
        <Typography variant="caption" component="span" color="text.secondary">
          {order.email}
        </Typography>
      )}
    </MuiLink>
  );
}
