import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { coachImageUrl } from '../../api/catalogue';
import type { CourseCoach } from './api';
import { useCourseTexts } from './texts';

/** Spec §2 "Coach list", in the course dialog's 'coach biography' section: avatar, name, detail, lines, awards. */
export function CoachBios({ coaches }: { coaches: CourseCoach[] }) {
  const text = useCourseTexts();
  if (coaches.length === 0) return <Typography color="text.secondary">{text.noCoaches}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {coaches.map((coach) => (
        <Paper
          key={coach.id}
          variant="outlined"
          sx={{ p: 2, display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'flex-start' }}
        >
          <Avatar
            src={coach.coach_img ? coachImageUrl(coach.coach_img) : undefined}
            alt={coach.coach_name ?? ''}
            sx={{ width: 96, height: 96 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h4">
              {coach.coach_name}
            </Typography>
            {coach.coach_position && (
              <Typography variant="subtitle2" color="text.secondary" component="p" gutterBottom>
                {coach.coach_position}
              </Typography>
            )}
            {coach.coach_detail && <Typography sx={{ mb: 1 }}>{coach.coach_detail}</Typography>}
            {coach.lines.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5, mb: 1 }}>
                {coach.lines.map((line) => (
                  <Typography component="li" variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
              </Box>
            )}
            {coach.awards.length > 0 && (
              <Box
                component="ul"
                aria-label={text.awards}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
              >
                {coach.awards.map((award) => (
                  <li key={award}>
                    <Chip
                      size="small"
                      variant="outlined"
                      icon={<EmojiEventsIcon sx={{ '&&': { color: '#8a6d00' } }} />}
                      label={award}
                    />
                  </li>
                ))}
              </Box>
            )}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
