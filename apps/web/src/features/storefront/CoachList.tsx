import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { coachImageUrl, useCoaches } from '../../api/catalogue';
import { useTranslation } from '../../i18n';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

export function CoachList() {
  const { t } = useTranslation();
  const { data: coaches, isPending, error } = useCoaches();

  if (error) return <Alert severity="error">{t('coaches.loadError')}</Alert>;
  if (isPending) {
    return (
      <Box sx={gridSx} aria-busy>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={120} />
      </Box>
    );
  }
  if (!coaches.length) return <Alert severity="info">{t('coaches.empty')}</Alert>;

  return (
    <Box component="ul" sx={gridSx}>
      {coaches.map((coach) => (
        <li key={coach.id}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Stack direction="row" spacing={2}>
              <Avatar
                src={coach.coach_img ? coachImageUrl(coach.coach_img) : undefined}
                alt={coach.coach_name ?? ''}
                // Below the fold: without it the page would fetch (and React preload) every coach's picture
                // before the course pictures and the script the first screen needs.
                slotProps={{ img: { loading: 'lazy', width: 72, height: 72 } }}
                sx={{ width: 72, height: 72 }}
              />
              <div>
                <Typography variant="h6" component="h3">
                  {coach.coach_name}
                </Typography>
                <Typography variant="subtitle2" color="text.secondary" component="p">
                  {coach.coach_position}
                </Typography>
                <Typography variant="body2">{coach.coach_detail}</Typography>
              </div>
            </Stack>
          </Paper>
        </li>
      ))}
    </Box>
  );
}
