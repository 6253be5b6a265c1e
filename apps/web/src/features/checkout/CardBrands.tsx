import Box from '@mui/material/Box';

/** Visa, Mastercard and JCB marks (spec 2 §2 card panel), drawn simply rather than copied. */
export function CardBrands() {
  const frame = { height: 28, width: 44, borderRadius: '4px', border: 1, borderColor: 'divider', bgcolor: '#fff' };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Box component="svg" viewBox="0 0 44 28" sx={frame} role="img" aria-label="Visa">
        <text x="22" y="19" textAnchor="middle" fontSize="13" fontWeight="700" fontStyle="italic" fill="#1a1f71">
          VISA
        </text>
      </Box>
      <Box component="svg" viewBox="0 0 44 28" sx={frame} role="img" aria-label="Mastercard">
        <circle cx="18" cy="14" r="8" fill="#eb001b" />
        <circle cx="26" cy="14" r="8" fill="#f79e1b" fillOpacity="0.85" />
      </Box>
      <Box component="svg" viewBox="0 0 44 28" sx={frame} role="img" aria-label="JCB">
        <rect x="6" y="6" width="10" height="16" rx="3" fill="#0e4c96" />
        <rect x="17" y="6" width="10" height="16" rx="3" fill="#e21836" />
        <rect x="28" y="6" width="10" height="16" rx="3" fill="#009f49" />
        <text x="22" y="18" textAnchor="middle" fontSize="8" fontWeight="700" fill="#fff">
          JCB
        </text>
      </Box>
    </Box>
  );
}
