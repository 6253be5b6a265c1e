import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { styled } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { createSvgIcon } from '@mui/material/utils';
import type { question } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { apiGet } from '../../api/client';
import { fullScreenOnPhoneSx } from '../../components/dialog-paper';
import { helpKeys } from '../../lib/query-keys';
import { HELP_IMAGE_SIZE, useHelpTexts } from './texts';

type Question = ReturnType<typeof question.row.parse>;

// Drawn here rather than imported from @mui/icons-material: the back office uses that icon too, and sharing it
// would add a chunk to the first load's preload list.
const ExpandMoreIcon = createSvgIcon(<path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />, 'ExpandMore');

// An <img> that keeps width and height as attributes (Box would read them as CSS).
const Img = styled('img')({});

const TABS = ['payment', 'password', 'group', 'faq'] as const;
type HelpTab = (typeof TABS)[number];

/** Spec §2 Help dialog: payment steps, password change steps, joining the group (pictures), and Q&A. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = useHelpTexts();
  const [tab, setTab] = useState<HelpTab>('payment');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="help-dialog-title"
      fullWidth
      maxWidth="md"
      sx={fullScreenOnPhoneSx()}
    >
      <DialogTitle id="help-dialog-title">{text.title}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, value: HelpTab) => setTab(value)}
          aria-label={text.tabsLabel}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {TABS.map((key) => (
            <Tab
              key={key}
              value={key}
              label={text[key].tab}
              id={`help-tab-${key}`}
              aria-controls={`help-panel-${key}`}
            />
          ))}
        </Tabs>
      </Box>
      <DialogContent>
        {TABS.map((key) => (
          <Box
            key={key}
            role="tabpanel"
            id={`help-panel-${key}`}
            aria-labelledby={`help-tab-${key}`}
            hidden={tab !== key}
          >
            {tab === key && <Panel tab={key} open={open} />}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Panel({ tab, open }: { tab: HelpTab; open: boolean }) {
  const text = useHelpTexts();
  switch (tab) {
    case 'payment':
    case 'password': {
      const { intro, steps, note } = text[tab];
      return (
        <>
          <Typography sx={{ mb: 2 }}>{intro}</Typography>
          <Steps steps={steps} />
          <Alert severity={tab === 'payment' ? 'warning' : 'info'} sx={{ mt: 2 }}>
            {note}
          </Alert>
        </>
      );
    }
    case 'group': {
      const { intro, steps, images, note } = text.group;
      return (
        <>
          <Typography sx={{ mb: 2 }}>{intro}</Typography>
          <Steps steps={steps} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, my: 2 }}>
            {images.map((image) => (
              <Img
                key={image.src}
                src={image.src}
                alt={image.alt}
                width={HELP_IMAGE_SIZE.width}
                height={HELP_IMAGE_SIZE.height}
                loading="lazy"
                sx={{ width: '100%', height: 'auto', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
            ))}
          </Box>
          <Alert severity="info">{note}</Alert>
        </>
      );
    }
    case 'faq':
      return <Questions open={open} />;
    default: {
      const unknown: never = tab;
      return unknown;
    }
  }
}

function Steps({ steps }: { steps: { text: string; points?: string[] }[] }) {
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, '& > li': { mb: 1 } }}>
      {steps.map((step) => (
        <Typography component="li" key={step.text}>
          {step.text}
          {step.points && (
            <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
              {step.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </Box>
          )}
        </Typography>
      ))}
    </Box>
  );
}

/** The Q&A tab: the question table (GET /api/question, in item order) as an accordion. */
function Questions({ open }: { open: boolean }) {
  const text = useHelpTexts().faq;
  const questions = useQuery({
    queryKey: helpKeys.questions(),
    queryFn: () => apiGet<Question[]>('question'),
    enabled: open,
    select: (rows) => [...rows].sort((a, b) => (a.item ?? 0) - (b.item ?? 0) || a.id - b.id),
  });

  let body: ReactNode;
  if (questions.error) {
    body = (
      <Alert severity="error">
        {text.loadError}: {questions.error.message}
      </Alert>
    );
  } else if (!questions.data) {
    body = (
      <Box aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  } else if (questions.data.length === 0) {
    body = <Alert severity="info">{text.empty}</Alert>;
  } else {
    body = questions.data.map((row) => (
      <Accordion key={row.id} disableGutters>
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          id={`help-question-${row.id}`}
          aria-controls={`help-answer-${row.id}`}
        >
          <Typography sx={{ fontWeight: 500 }}>{row.question}</Typography>
        </AccordionSummary>
        {/* Accordion makes the region around the answer, labelled by the summary's id. */}
        <AccordionDetails>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{row.result}</Typography>
        </AccordionDetails>
      </Accordion>
    ));
  }

  return (
    <>
      <Typography sx={{ mb: 2 }}>{text.intro}</Typography>
      {body}
    </>
  );
}
