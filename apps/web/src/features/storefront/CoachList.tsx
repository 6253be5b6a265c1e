import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { coachImageUrl, useCoaches } from '../../api/catalogue';

const cell = { xs: 12, md: 6 } as const;

export function CoachList() {
  const { t } = useTranslation();
  const { data: coaches, isPending, error } = useCoaches();

  if (error) return <Alert severity="error">{t('coaches.loadError')}</Alert>;
  if (isPending) {
    return (
      <Grid container spacing={2}>
        {[0, 1].map((i) => (
          <Grid key={i} size={cell}>
            <Skeleton variant="rounded" height={120} />
          </Grid>
        ))}
      </Grid>
    );
  }

  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {coaches.map((coach) => (
        <Grid key={coach.id} size={cell} component="li">
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Stack direction="row" spacing={2}>
              <Avatar
                src={coach.coach_img ? coachImageUrl(coach.coach_img) : undefined}
                alt={coach.coach_name}
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
        </Grid>
      ))}
    </Grid>
  );
}
