import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { wrapLongStrings } from '../../components/text-wrap';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLang } from '../../i18n/texts';
import type { Bilingual, Block, LegalDocument } from './legal-document';

const CONTENTS = { th: 'สารบัญ', en: 'Contents' } as const;

// [label](target) links, and bare e-mail addresses.
const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/** Text with its [label](/path) links and e-mail addresses made into links. */
function Inline({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, label, target, email] = match;
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    if (email) {
      parts.push(
        <Link key={at} href={`mailto:${email}`}>
          {email}
        </Link>,
      );
    } else if (target?.startsWith('/')) {
      parts.push(
        <Link key={at} component={RouterLink} to={target}>
          {label}
        </Link>,
      );
    } else {
      parts.push(
        <Link key={at} href={target} target="_blank" rel="noopener noreferrer">
          {label}
        </Link>,
      );
    }
    last = at + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, i) =>
    typeof block === 'string' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
      <Typography key={i} sx={{ mb: 1.5 }}>
        <Inline text={block} />
      </Typography>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
      <Box component="ul" key={i} sx={{ pl: 3, mt: 0, mb: 1.5 }}>
        {block.list.map((item) => (
          <Typography component="li" key={item} sx={{ mb: 0.75 }}>
            <Inline text={item} />
          </Typography>
        ))}
      </Box>
    ),
  );
}

/**
 * A legal notice in the interface language: title, date, a table of contents with in-page links, and numbered
 * sections. Headings leave room for the sticky top bar when a #link scrolls to them.
 */
export function LegalPage({ document: doc }: { document: Bilingual<LegalDocument> }) {
  const lang = useLang();
  const { title, dated, intro, sections } = doc[lang];
  const { hash } = useLocation();

  // A #section link (from the contents, or opened from elsewhere) moves the reader and the keyboard focus there.
  useEffect(() => {
    if (!hash) return;
    const heading = document.getElementById(decodeURIComponent(hash.slice(1)));
    heading?.focus();
    heading?.scrollIntoView();
  }, [hash]);

  usePageTitle(title);

  return (
    <Container component="article" maxWidth="md" sx={{ py: { xs: 3, md: 6 }, ...wrapLongStrings }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {dated}
      </Typography>
      <Blocks blocks={intro} />
      <Paper component="nav" variant="outlined" aria-labelledby="legal-contents" sx={{ p: { xs: 2, md: 3 }, my: 4 }}>
        <Typography id="legal-contents" variant="h6" component="h2" gutterBottom>
          {CONTENTS[lang]}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {sections.map((section) => (
            <Typography component="li" key={section.id} sx={{ py: 0.5 }}>
              <Link component={RouterLink} to={{ hash: section.id }}>
                {section.heading}
              </Link>
            </Typography>
          ))}
        </Box>
      </Paper>
      {sections.map((section, i) => (
        <Box component="section" key={section.id} aria-labelledby={section.id} sx={{ mb: 3 }}>
          <Typography
            id={section.id}
            variant="h5"
            component="h2"
            tabIndex={-1}
            sx={{ fontWeight: 700, mt: 4, mb: 1.5, scrollMarginTop: { xs: 128, md: 88 } }}
          >
            {i + 1}. {section.heading}
          </Typography>
          <Blocks blocks={section.blocks} />
        </Box>
      ))}
    </Container>
  );
}
