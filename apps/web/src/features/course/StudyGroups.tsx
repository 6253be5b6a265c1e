import ChatIcon from '@mui/icons-material/Chat';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import FacebookIcon from '@mui/icons-material/Facebook';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { webLink } from '@sikkha/contract/rules/links';
import { useId, useState } from 'react';
import type { CourseGroup } from './api';
import { useGenerateGroupCode } from './study-groups-api';
import { useStudyGroupTexts } from './study-groups-texts';
import { useCourseTexts } from './texts';

/** Writes text to the clipboard: the Clipboard API, else (older browsers, plain http) a hidden textarea. */
async function copyText(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    return;
  } catch {
    // fall through to the old way
  }
  const area = document.createElement('textarea');
  area.value = value;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy failed');
}

/**
 * Spec §2 "Course group panel": per Facebook or LINE group a code box, a copy button, the link to the group and a
 * generate-code button. Codes and links are for buyers (§6); the generate button only while the buyer has no code
 * for that group (the server makes one code per member and group, whoever asks twice).
 */
export function StudyGroups({ groups, isBuyer }: { groups: CourseGroup[]; isBuyer: boolean }) {
  const text = useCourseTexts();
  if (groups.length === 0) return <Typography color="text.secondary">{text.noGroups}</Typography>;
  return (
    <>
      {!isBuyer && (
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {text.groupsBuyersOnly}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {groups.map((group) => (
          <GroupEntry key={group.id} group={group} isBuyer={isBuyer} />
        ))}
      </Box>
    </>
  );
}

function GroupEntry({ group, isBuyer }: { group: CourseGroup; isBuyer: boolean }) {
  const text = useCourseTexts();
  const groupText = useStudyGroupTexts();
  const name = text.groupName[group.type];
  const [status, setStatus] = useState('');
  const generate = useGenerateGroupCode();
  const headingId = useId();
  // The answer's code shows at once; the course view, asked again, then carries it too.
  const code = group.code ?? generate.data?.user_product_group_code ?? null;
  const link = webLink(group.url);
  const copy = async (value: string) => {
    try {
      await copyText(value);
      setStatus(text.copied);
    } catch {
      setStatus(text.copyFailed);
    }
  };
  const makeCode = () =>
    generate.mutate(group.id, {
      onSuccess: () => setStatus(groupText.generated),
      onError: () => setStatus(''),
    });

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography
        id={headingId}
        variant="subtitle1"
        component="h4"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700 }}
      >
        {group.type === 'facebook' ? (
          <FacebookIcon aria-hidden sx={{ color: '#1877f2' }} />
        ) : (
          <ChatIcon aria-hidden sx={{ color: '#06c755' }} />
        )}
        {name}
      </Typography>
      {isBuyer && (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <OutlinedInput
              size="small"
              readOnly
              value={code ?? ''}
              placeholder={text.noCode}
              inputProps={{ 'aria-label': text.code(name) }}
              sx={{ flex: 1, fontFamily: 'monospace' }}
            />
            <Tooltip title={text.copy} describeChild>
              <span>
                <IconButton aria-label={text.copy} disabled={!code} onClick={() => code && void copy(code)}>
                  <ContentCopyIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {link && (
              <Button
                variant="contained"
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNewIcon />}
              >
                {text.openGroup}
              </Button>
            )}
            {!code && (
              <Button
                variant="outlined"
                loading={generate.isPending}
                loadingPosition="start"
                onClick={makeCode}
                aria-label={generate.isPending ? groupText.generating : undefined}
              >
                {text.generate}
              </Button>
            )}
            <Typography role="status" variant="body2" color="success.dark" sx={{ alignSelf: 'center' }}>
              {status}
            </Typography>
          </Box>
          {generate.isError && (
            <Alert severity="error">
              {groupText.generateFailed}: {generate.error.message}
            </Alert>
          )}
        </>
      )}
    </Paper>
  );
}
