import { styled } from '@mui/material/styles';

/**
 * An <img> that takes sx and keeps width and height as HTML attributes (Box would read them as CSS), so the
 * browser reserves the picture's space before it loads.
 */
export const Img = styled('img')({});
