import DevicesIcon from '@mui/icons-material/Devices';
import GroupsIcon from '@mui/icons-material/Groups';
import ReplayIcon from '@mui/icons-material/Replay';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { usePagesTexts } from './texts';

const REASON_ICONS = [DevicesIcon, ReplayIcon, WorkspacePremiumIcon, GroupsIcon];

/** /inspire: why learn online, and a few learners' words (demo text). */
export function InspirePage() {
  const text = usePagesTexts().inspire;
  const { title } = text;
  usePageTitle(title);
  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, md: 8 } }}>
        <Container>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}>
            {title}
          </Typography>
          <Typography sx={{ mt: 2, maxWidth: 640, fontSize: { xs: '1.1rem', md: '1.35rem' } }}>{text.lead}</Typography>
        </Container>
      </Box>
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Box component="section" aria-labelledby="inspire-why" sx={{ mb: 6 }}>
          <Typography id="inspire-why" variant="h4" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
            {text.whyTitle}
          </Typography>
          <Box
            component="ul"
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
              listStyle: 'none',
              p: 0,
              m: 0,
            }}
          >
            {text.reasons.map((reason, i) => {
              const Icon = REASON_ICONS[i % REASON_ICONS.length] ?? WorkspacePremiumIcon;
              return (
                <Paper component="li" variant="outlined" key={reason.title} sx={{ p: 3 }}>
                  <Icon color="primary" fontSize="large" aria-hidden />
                  <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
                    {reason.title}
                  </Typography>
                  <Typography color="text.secondary">{reason.text}</Typography>
                </Paper>
              );
            })}
          </Box>
        </Box>
        <Box component="section" aria-labelledby="inspire-stories" sx={{ mb: 6 }}>
          <Typography id="inspire-stories" variant="h4" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
            {text.storiesTitle}
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {text.stories.map((story) => (
              <Paper component="figure" key={story.name} sx={{ p: 3, m: 0 }}>
                <Typography component="blockquote" sx={{ m: 0, fontSize: '1.1rem', fontStyle: 'italic' }}>
                  “{story.quote}”
                </Typography>
                <Typography component="figcaption" sx={{ mt: 2 }}>
                  <strong>{story.name}</strong>
                  <br />
                  <Box component="span" lang="th" sx={{ color: 'text.secondary' }}>
                    {story.course}
                  </Box>
                </Typography>
              </Paper>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {text.demoNote}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'center' }}>
          <Button component={RouterLink} to="/courses" variant="contained" size="large">
            {text.cta}
          </Button>
        </Box>
      </Container>
    </>
  );
}
