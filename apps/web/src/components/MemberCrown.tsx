import type { SxProps, Theme } from '@mui/material/styles';
import { createSvgIcon } from '@mui/material/utils';
import type { UserStatus } from '@sikkha/contract';

// Material Icons has no crown; this is Material Design Icons' "crown" (Pictogrammers, Apache 2.0).
const CrownIcon = createSvgIcon(
  <path d="M5 16 3 5l5.5 5L12 4l3.5 6L21 5l-2 11H5m14 3c0 .6-.4 1-1 1H6c-.6 0-1-.4-1-1v-1h14v1z" />,
  'Crown',
);

/**
 * The crown of a Premium member (spec §4, User status), the same on the storefront and in the back office; nothing
 * for a New or Wait member. `label` names it for whoever does not see it (a screen reader, a pointer's tooltip).
 */
export function MemberCrown({
  status,
  label,
  sx = [],
}: {
  status: UserStatus | null | undefined;
  label: string;
  sx?: SxProps<Theme>;
}) {
  if (status !== 'premium') return null;
  // Dark gold: 3:1 against white, as a meaningful graphic needs.
  return <CrownIcon titleAccess={label} sx={[{ color: '#b8860b' }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
