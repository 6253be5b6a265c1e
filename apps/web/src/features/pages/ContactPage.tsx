import ChatIcon from '@mui/icons-material/Chat';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneIcon from '@mui/icons-material/Phone';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { wrapLongStrings } from '../../components/text-wrap';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../i18n';
import { CONTACT, usePagesTexts } from './texts';

function ContactCard({
  Icon,
  title,
  children,
}: {
  Icon: ComponentType<SvgIconProps>;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, minWidth: 0 }}>
      <Icon color="primary" aria-hidden sx={{ mt: 0.5 }} />
      <Box sx={{ minWidth: 0, ...wrapLongStrings }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </Box>
    </Paper>
  );
}

function ExternalLink({ href, children, note }: { href: string; children: ReactNode; note: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <Box component="span" sx={visuallyHidden}>
        {` ${note}`}
      </Box>
    </Link>
  );
}

// Pixel strings: in sx a bare 1 would mean 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** /contact: the ways to reach the shop, without a map (no third-party embed, nothing to consent to). */
export function ContactPage() {
  const { t } = useTranslation();
  const text = usePagesTexts().contact;
  const { title } = text;
  usePageTitle(title);
  return (
    <Container sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 4, maxWidth: 720 }}>{text.intro}</Typography>
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
      >
        <ContactCard Icon={LocationOnIcon} title={text.address}>
          <Typography component="address" sx={{ fontStyle: 'normal' }}>
            {t('footer.address')}
          </Typography>
        </ContactCard>
        <ContactCard Icon={EmailIcon} title={text.email}>
          <Typography>
            <Link href={`mailto:${CONTACT.email}`}>{CONTACT.email}</Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {text.emailNote}
          </Typography>
          <Typography variant="body2">
            {text.privacy}: <Link href={`mailto:${CONTACT.privacyEmail}`}>{CONTACT.privacyEmail}</Link>
          </Typography>
        </ContactCard>
        <ContactCard Icon={PhoneIcon} title={text.phone}>
          <Typography>
            <Link href={CONTACT.phoneHref}>{CONTACT.phone}</Link>
          </Typography>
        </ContactCard>
        <ContactCard Icon={ChatIcon} title={text.line}>
          <Typography>
            <ExternalLink href={CONTACT.line.href} note={text.opensInNewTab}>
              {CONTACT.line.id}
            </ExternalLink>
          </Typography>
        </ContactCard>
        <ContactCard Icon={FacebookIcon} title={text.facebook}>
          <Typography>
            <ExternalLink href={CONTACT.facebook.href} note={text.opensInNewTab}>
              {CONTACT.facebook.name}
            </ExternalLink>
          </Typography>
        </ContactCard>
        <ContactCard Icon={ScheduleIcon} title={text.hours}>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {text.hoursLines.map((line) => (
              <Typography component="li" key={line}>
                {line}
              </Typography>
            ))}
          </Box>
        </ContactCard>
      </Box>
    </Container>
  );
}
