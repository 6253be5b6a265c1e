import AddIcon from '@mui/icons-material/Add';
import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Button, Typography, useMediaQuery, useTheme } from '@mui/material';
import { type ReactElement, type ReactNode, useState } from 'react';
import {
  Datagrid,
  ExportButton,
  FilterButton,
  type Identifier,
  List,
  type ListProps,
  type RaRecord,
  SearchInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { csvExporter } from './csv';
import { CreateDialog, EditDialog, type FormSpec } from './RecordDialogs';

function CreateButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      {translate('ra.action.create')}
    </Button>
  );
}

/** The empty state: says so in the interface language, with the create button when the list has one. */
function Empty({ onCreate }: { onCreate?: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }} role="status">
      <InboxIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {translate('admin.list.emptyTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(onCreate ? 'admin.list.emptyHint' : 'admin.list.emptyReadOnly')}
      </Typography>
      {onCreate && <CreateButton onClick={onCreate} />}
    </Box>
  );
}

export interface ListPageProps extends Omit<ListProps, 'children'> {
  columns: ReactNode;
  /** Create and edit in dialogs; without it the list is read-only. */
  form?: FormSpec;
  /** Filters beside the search box. */
  filters?: ReactElement[];
  /** Where a row leads instead of the edit dialog (a member's page). */
  rowClick?: (id: Identifier, record: RaRecord) => string | false;
  extraActions?: ReactNode;
  /** Buttons for the rows ticked (approve several orders); without them rows have no tick boxes. */
  bulkActions?: ReactElement;
  /** Lists of hand-written routes that do not search. */
  noSearch?: boolean;
  /**
   * On a phone, rows as lines of text instead of a table that scrolls sideways: what each line says. A tap leads
   * where a row click does (the order's page holds the actions of the row).
   */
  phone?: {
    primary: (record: RaRecord) => ReactNode;
    secondary?: (record: RaRecord) => ReactNode;
    tertiary?: (record: RaRecord) => ReactNode;
  };
}

/**
 * Every back-office list: server-side paging, sorting and search (`q`), filters, an empty state, CSV export of the
 * filtered rows, and create and edit in dialogs that close when the server has saved.
 */
export function ListPage({
  columns,
  form,
  filters = [],
  rowClick,
  extraActions,
  bulkActions,
  noSearch,
  phone,
  ...props
}: ListPageProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Identifier | null>(null);
  const onCreate = form && !form.noCreate ? () => setCreating(true) : undefined;
  return (
    <>
      <List
        perPage={25}
        exporter={csvExporter}
        filters={noSearch ? filters : [<SearchInput key="q" source="q" alwaysOn />, ...filters]}
        actions={
          <TopToolbar>
            {filters.length > 0 && <FilterButton />}
            {extraActions}
            <ExportButton maxResults={5000} />
            {onCreate && <CreateButton onClick={onCreate} />}
          </TopToolbar>
        }
        empty={<Empty onCreate={onCreate} />}
        {...props}
      >
        {phone && small ? (
          <SimpleList
            primaryText={phone.primary}
            secondaryText={phone.secondary}
            tertiaryText={phone.tertiary}
            rowClick={(id, _resource, record) => {
              if (rowClick) return rowClick(id, record);
              if (form) setEditing(id);
              return false;
            }}
          />
        ) : (
          <Datagrid
            bulkActionButtons={bulkActions ?? false}
            // A wide table scrolls inside its card on a phone instead of widening the page.
            sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
            rowClick={(id, _resource, record) => {
              if (rowClick) return rowClick(id, record);
              if (form) setEditing(id);
              return false;
            }}
          >
            {columns}
          </Datagrid>
        )}
      </List>
      {onCreate && form && <CreateDialog open={creating} onClose={() => setCreating(false)} form={form} />}
      {form && <EditDialog id={editing} onClose={() => setEditing(null)} form={form} />}
    </>
  );
}
