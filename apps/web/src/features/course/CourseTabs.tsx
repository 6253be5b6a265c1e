import CheckIcon from '@mui/icons-material/Check';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type CourseTab, downloadFile, downloadName } from './api';
import { useCourseTexts } from './texts';

type TabItem = CourseTab['items'][number];

/**
 * Spec §2 "Course detail tabs": one tab per detail type, each with its text and its list; documents (pdf, xls,
 * xlsx) show a document icon, and finished buyers get a download button (the server checks the same right).
 */
export function CourseTabs({ tabs, canDownload }: { tabs: CourseTab[]; canDownload: boolean }) {
  const text = useCourseTexts();
  const [current, setCurrent] = useState(tabs[0]?.id ?? 0);
  if (tabs.length === 0) return <Typography color="text.secondary">{text.noTabs}</Typography>;
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={current}
          onChange={(_, value: number) => setCurrent(value)}
          aria-label={text.tabsLabel}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              label={tab.name}
              id={`course-tab-${tab.id}`}
              aria-controls={`course-tabpanel-${tab.id}`}
            />
          ))}
        </Tabs>
      </Box>
      {tabs.map((tab) => (
        <Box
          key={tab.id}
          role="tabpanel"
          id={`course-tabpanel-${tab.id}`}
          aria-labelledby={`course-tab-${tab.id}`}
          hidden={tab.id !== current}
          sx={{ py: 2 }}
        >
          {tab.id === current && (
            <>
              {tab.text && (
                <Typography sx={{ whiteSpace: 'pre-line', mb: tab.items.length ? 1 : 0 }}>{tab.text}</Typography>
              )}
              {tab.items.length > 0 && (
                <List dense>
                  {tab.items.map((item) => (
                    <TabItemRow key={item.id} item={item} canDownload={canDownload} />
                  ))}
                </List>
              )}
            </>
          )}
        </Box>
      ))}
    </Box>
  );
}

function TabItemRow({ item, canDownload }: { item: TabItem; canDownload: boolean }) {
  const text = useCourseTexts();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const file = item.document ? item.file : null;

  const download = async (name: string) => {
    setState('busy');
    try {
      await downloadFile('pdfProduct', name, downloadName(item.title, name));
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <ListItem disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        {file ? (
          <DescriptionIcon color="primary" titleAccess={text.document} />
        ) : (
          <CheckIcon color="success" aria-hidden />
        )}
      </ListItemIcon>
      <ListItemText primary={item.title} secondary={item.detail} sx={{ flex: '1 1 200px' }} />
      {file &&
        (canDownload ? (
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => void download(file)}
            disabled={state === 'busy'}
            aria-label={text.downloadOf(item.title ?? file)}
          >
            {state === 'busy' ? text.downloading : text.download}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <LockIcon fontSize="small" aria-hidden />
            {text.buyersOnly}
          </Typography>
        ))}
      {state === 'failed' && (
        <Typography role="alert" color="error" variant="body2" sx={{ flexBasis: '100%', pl: 4.5 }}>
          {text.downloadFailed}
        </Typography>
      )}
    </ListItem>
  );
}
